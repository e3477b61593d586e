// What the OpenAPI document says of the public endpoints: reads, posting, surveys, reports, search, stats, health.
import { z } from 'zod'
import { message, int, listOf, oneOf, reads, ZHealthChecks, ZDeletionResult, NOT_MODIFIED } from './operation-parts'
import type { Answer, OperationDoc, PathDocs } from './types'
import { ZBoard } from '../boards/responses'
import { ZPost } from '../posts/responses'
import { ZReplyForm, ZThreadForm } from '../posts/schemas'
import { ZSearchPage } from '../search/responses'
import { ZHourlyStats, ZStatsOverview } from '../stats/responses'
import { ZCorrelations, ZSurvey, ZSurveyResults, ZSurveyWithResponse, ZVoteResult } from '../surveys/responses'
import { ZThread, ZThreadConfig, ZThreadSummary } from '../threads/responses'

/** Deletion by the poster (poster key) or by staff giving a reason; the poster cannot once the thread is archived. */
const ownerOrStaffDelete = (summary: string, description: string, archived: string): OperationDoc => ({
  summary,
  description,
  posterKey: true,
  csrf: 'staff',
  errors: { 409: archived },
  responses: { 200: ZDeletionResult },
})

/** A new thread or reply; the first post also sets the poster key cookie. */
const posted = (ids: z.ZodRawShape): Answer => ({
  description: 'Created; `Set-Cookie: cb_poster=…` when the caller had no poster key',
  schema: message(ids),
})

export const PUBLIC_DOCS: PathDocs = {
  // Public reads and posting
  '/api/boards': { GET: listOf('Every board, sorted by id', 'boards', ZBoard) },
  '/api/boards/{boardId}': { GET: oneOf('One board', 'board', ZBoard) },
  '/api/boards/{boardId}/threads': {
    GET: {
      summary: "A board's live threads with their opening post and latest replies",
      description: 'Not paged: a board holds at most 100 live non-sticky threads plus its stickies.',
      banChecked: true,
      responses: { 200: z.object({ threads: z.array(ZThreadSummary), config: ZThreadConfig }) },
    },
    POST: {
      summary: 'Create a thread',
      description:
        'A multipart form with a topic, content and one file. Sets the `cb_poster` cookie on the first post. ' +
        'Rate limited (3 threads per 15 minutes, 6 posts per minute); word filters may refuse (400 Post rejected) or ban; a banned file answers 403 File banned.',
      banChecked: true,
      form: ZThreadForm,
      errors: {
        409: 'Duplicate post: the same text on this board, or the same file in another thread, within the windows of DUPLICATE_TEXT_SECONDS / DUPLICATE_FILE_SECONDS',
      },
      responses: { 201: posted({ threadId: int(), postId: int(), boardId: z.string() }) },
    },
  },
  '/api/boards/{boardId}/threads/{threadId}': {
    GET: {
      summary: 'One thread, live or archived (not ban-checked)',
      responses: {
        200: z.object({ thread: ZThread, config: ZThreadConfig.extend({ deadThreadRetentionHours: int() }) }),
      },
    },
    DELETE: ownerOrStaffDelete(
      'Delete a thread: its opening poster, or staff with a reason',
      'The poster may delete a live thread; staff (janitor and up, on their boards) give `reason` and may purge media.',
      'Cannot delete archived threads (the poster)',
    ),
  },
  '/api/boards/{boardId}/threads/{threadId}/posts': {
    GET: {
      summary: "A thread's posts, oldest first",
      description:
        '`after` returns only newer posts. The page cache may answer with `Cache-Control: no-cache` and an ETag ' +
        '(`If-None-Match` answers 304).',
      banChecked: true,
      responses: {
        200: {
          description: 'OK',
          schema: z.object({ posts: z.array(ZPost), thread: ZThread }),
          headers: { ETag: 'When the page cache answers' },
        },
        304: NOT_MODIFIED,
      },
    },
    POST: {
      summary: 'Reply to a thread',
      description:
        'A multipart form with content, a file or both. Sets the `cb_poster` cookie on the first post. Rate limited ' +
        '(6 posts per minute); word filters may refuse (400 Post rejected) or ban; a banned file answers 403 File banned.',
      banChecked: true,
      form: ZReplyForm,
      errors: {
        409: 'This thread has been archived and no longer accepts new posts; Duplicate post (the same text on this board, or the same file in another thread, within the duplicate windows)',
      },
      responses: { 201: posted({ postId: int(), threadId: int(), boardId: z.string() }) },
    },
  },
  '/api/boards/{boardId}/threads/{threadId}/posts/{postId}': {
    DELETE: ownerOrStaffDelete(
      'Delete a post: its poster, or staff with a reason',
      "Deleting a thread's opening post deletes the thread.",
      'Cannot delete posts in archived threads (the poster)',
    ),
  },
  '/api/boards/{boardId}/threads/{threadId}/posts/{postId}/survey': {
    GET: {
      summary: "The post's poll with the caller's own vote",
      errors: { 404: 'Survey not found' },
      responses: { 200: z.object({ survey: ZSurveyWithResponse }) },
    },
    POST: {
      summary: 'Attach a poll to one of your own posts',
      description: 'The body is judged after the ownership, archive and rate-limit checks (10 polls per 10 minutes).',
      posterKey: true,
      banChecked: true,
      errors: {
        403: "not the post's owner",
        409: 'Post already has a survey attached; Cannot create surveys in archived threads',
      },
      responses: { 201: message({ survey: ZSurvey }) },
    },
  },
  '/api/boards/{boardId}/surveys/{surveyId}/vote': {
    POST: {
      summary: "Vote in a poll, or replace one's vote",
      description: 'One vote per address (an IPv6 address counts as its /64). Rate limited (30 per minute).',
      banChecked: true,
      errors: { 409: 'Cannot vote in archived threads; Cannot change votes in archived threads' },
      responses: { 200: ZVoteResult },
    },
    DELETE: {
      summary: "Rescind one's vote",
      banChecked: true,
      errors: { 404: 'No vote found to rescind', 409: 'Cannot change votes in archived threads' },
      responses: { 200: message() },
    },
  },
  '/api/boards/{boardId}/surveys/{surveyId}/results': {
    GET: oneOf('Vote counts and percentages of a poll', 'results', ZSurveyResults),
  },
  '/api/boards/{boardId}/surveys/{surveyId}/correlations': {
    GET: {
      ...reads('Pairs of options chosen together (multiple-choice polls only)', ZCorrelations),
      errors: { 400: 'Correlations are only available for multiple choice surveys' },
    },
  },
  '/api/boards/{boardId}/appeal/{banId}': {
    POST: {
      summary: 'Appeal one of your own bans, once',
      description: "The board's 404 and the appeal rate limit (5 per hour) come before the body's 400.",
      errors: { 409: 'Ban is not active; Appeal already submitted' },
      responses: {
        200: message({ status: z.literal('pending'), appeal_status: z.literal('pending') }),
      },
    },
  },
  '/api/boards/{boardId}/posts/{postId}/reports': {
    POST: {
      summary: 'Report a post to the staff',
      description:
        'One report per post and reporter (address) counts; a repeat answers 200 and changes nothing. Board, ban, ' +
        'post and rate limit (20 per hour) answer before the body.',
      banChecked: true,
      responses: { 201: message(), 200: { description: 'Already reported by this address', schema: message() } },
    },
  },
  '/api/search': {
    GET: {
      summary: 'Full-text search over live and archived posts, 25 per page',
      description: 'Only the 1,000 newest matches are ranked. Rate limited (20 per minute). `Cache-Control: no-store`.',
      errors: { 404: 'Board not found (an unknown `board`)' },
      responses: { 200: ZSearchPage },
    },
  },
  '/api/stats': {
    GET: reads('Visitors, posts per board and top countries (recomputed at most every 5 minutes)', ZStatsOverview),
  },
  '/api/stats/hourly': {
    GET: reads('Unique visitors, page views and posts per UTC hour, oldest first', ZHourlyStats),
  },
  '/api/captcha': {
    GET: {
      summary: 'A fresh proof-of-work challenge (ALTCHA), signed and good for ten minutes',
      description:
        'Solve it and send the payload in the multipart field `captcha` of a create endpoint on a board whose `captcha` ' +
        'is `threads` or `all`. A solution posts once, in every process. Never cached.',
      responses: {
        200: z
          .object({ parameters: z.record(z.string(), z.unknown()), signature: z.string() })
          .loose()
          .meta({ description: 'The challenge as the altcha widget reads it' }),
      },
    },
  },
  '/api/health': {
    GET: {
      summary: 'Health of the database and media storage',
      unlimited: true,
      responses: {
        200: z.object({ status: z.literal('ok'), timestamp: z.string(), version: z.string(), checks: ZHealthChecks }),
      },
      errors: { 503: 'Degraded: `{"status":"degraded","timestamp":…,"checks":{…}}`' },
    },
  },
  '/api/openapi.json': {
    GET: {
      summary: 'This document',
      description: 'Generated from the route declarations once per process. Any origin may read it.',
      responses: {
        200: z
          .object({
            openapi: z.string(),
            info: z.object({ title: z.string() }).loose(),
            paths: z.record(z.string(), z.unknown()),
          })
          .loose(),
      },
    },
  },
}
