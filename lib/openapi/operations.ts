// What the OpenAPI document says about each operation beyond what its route declares: a summary, the success
// answers (zod schemas of their bodies) and the errors its domain adds. Keyed by path template and method; the
// request side comes from the route itself (lib/openapi/document.ts). Every exported handler of every route file
// needs an entry here: tests/unit/openapi-coverage.test.ts names any that lacks one.
import { z } from 'zod'
import type { PathDocs } from './types'
import { ZBannedFile } from '../banned-files/responses'
import { ZBan, ZBanList } from '../bans/responses'
import { ZBoard, ZManagedBoard } from '../boards/responses'
import { ZPost } from '../posts/responses'
import { ZReplyForm, ZThreadForm } from '../posts/schemas'
import { ZRangeBan, ZRangeBanStats } from '../rangebans/responses'
import { ZSearchPage } from '../search/responses'
import { ZAdminUser, ZLoginUser } from '../staff/responses'
import { ZHourlyStats, ZStatsOverview } from '../stats/responses'
import { ZCorrelations, ZSurvey, ZSurveyResults, ZSurveyWithResponse, ZVoteResult } from '../surveys/responses'
import { ZThread, ZThreadConfig, ZThreadSummary } from '../threads/responses'

const message = (extra: z.ZodRawShape = {}) => z.object({ message: z.string(), ...extra })
const int = () => z.number().int()

const ZFilter = z.object({
  id: int(),
  pattern: z.string(),
  regex: z.boolean(),
  boards: z.array(z.string()),
  where: z.enum(['topic', 'content', 'both']),
  action: z.enum(['reject', 'replace', 'ban']),
  message: z.string(),
  replacement: z.string(),
  banDuration: z.string().nullable(),
  banReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string().nullable(),
})

const ZAction = z.object({
  id: int(),
  action_type: z.string(),
  board_id: z.string().nullable(),
  thread_id: int().nullable(),
  post_id: int().nullable(),
  ban_id: int().nullable(),
  rangeban_id: int().nullable(),
  ip_address: z.string().nullable(),
  reason: z.string().nullable(),
  details: z.unknown().meta({ description: 'Action-specific details (JSON), or null' }),
  admin_user_id: int().nullable(),
  admin_username: z.string().nullable(),
  current_admin_username: z.string().nullable(),
  created_at: z.string(),
})

const ZReportedPost = z.object({
  postId: int(),
  boardId: z.string(),
  threadId: int(),
  count: int(),
  categories: z.record(z.string(), int()).meta({ description: 'Open reports per category (illegal, rules, spam)' }),
  reasons: z.array(z.string()),
  firstReportedAt: z.string(),
  lastReportedAt: z.string(),
  reporterIps: z.array(z.string()).optional().meta({ description: 'Admins only' }),
  post: ZPost.extend({ thread_topic: z.string() }),
})

const ZContact = z.object({ text: z.string(), link: z.string(), custom: z.boolean() })

const ZHealthChecks = z.object({ database: z.enum(['ok', 'error', 'full']), storage: z.enum(['ok', 'low', 'error']) })

const ZDeletionResult = message({
  deletedBy: z.enum(['owner', 'staff']),
  threadDeleted: z.boolean().optional(),
}).loose()

const BOARD_SCOPE =
  'A staff user with assigned boards acts only on those (403 "Not authorized to moderate this board").'
const PAGED = 'Paged with `limit` and `offset`; `total` counts the matching rows before paging.'
const FOURCHAN = {
  description:
    'Cached by time: `Last-Modified`, `Cache-Control: no-cache`; `If-Modified-Since` answers 304. Any origin may read it.',
  headers: { 'Last-Modified': 'When the file last changed', 'Cache-Control': 'no-cache' },
}
const NOT_MODIFIED = { description: 'Not modified since If-Modified-Since' }

export const PATH_DOCS: PathDocs = {
  // Public reads and posting
  '/api/boards': {
    GET: { summary: 'Every board, sorted by id', responses: { 200: z.object({ boards: z.array(ZBoard) }) } },
  },
  '/api/boards/{boardId}': { GET: { summary: 'One board', responses: { 200: z.object({ board: ZBoard }) } } },
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
      responses: {
        201: {
          description: 'Created; `Set-Cookie: cb_poster=…` when the caller had no poster key',
          schema: message({ threadId: int(), postId: int(), boardId: z.string() }),
        },
      },
    },
  },
  '/api/boards/{boardId}/threads/{threadId}': {
    GET: {
      summary: 'One thread, live or archived (not ban-checked)',
      responses: {
        200: z.object({ thread: ZThread, config: ZThreadConfig.extend({ deadThreadRetentionHours: int() }) }),
      },
    },
    DELETE: {
      summary: 'Delete a thread: its opening poster, or staff with a reason',
      description:
        'The poster may delete a live thread; staff (janitor and up, on their boards) give `reason` and may purge media.',
      posterKey: true,
      csrf: 'staff',
      errors: { 409: 'Cannot delete archived threads (the poster)' },
      responses: { 200: ZDeletionResult },
    },
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
      responses: {
        201: {
          description: 'Created; `Set-Cookie: cb_poster=…` when the caller had no poster key',
          schema: message({ postId: int(), threadId: int(), boardId: z.string() }),
        },
      },
    },
  },
  '/api/boards/{boardId}/threads/{threadId}/posts/{postId}': {
    DELETE: {
      summary: 'Delete a post: its poster, or staff with a reason',
      description: "Deleting a thread's opening post deletes the thread.",
      posterKey: true,
      csrf: 'staff',
      errors: { 409: 'Cannot delete posts in archived threads (the poster)' },
      responses: { 200: ZDeletionResult },
    },
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
    GET: {
      summary: 'Vote counts and percentages of a poll',
      responses: { 200: z.object({ results: ZSurveyResults }) },
    },
  },
  '/api/boards/{boardId}/surveys/{surveyId}/correlations': {
    GET: {
      summary: 'Pairs of options chosen together (multiple-choice polls only)',
      errors: { 400: 'Correlations are only available for multiple choice surveys' },
      responses: { 200: ZCorrelations },
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
    GET: {
      summary: 'Visitors, posts per board and top countries (recomputed at most every 5 minutes)',
      responses: { 200: ZStatsOverview },
    },
  },
  '/api/stats/hourly': {
    GET: {
      summary: 'Unique visitors, page views and posts per UTC hour, oldest first',
      responses: { 200: ZHourlyStats },
    },
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

  // Staff: session
  '/api/admin/csrf-token': {
    GET: {
      summary: "The session's CSRF token (a pre-login session is created if needed)",
      responses: {
        200: {
          description: 'OK',
          schema: z.object({ csrfToken: z.string() }),
          headers: { 'X-CSRF-Token': 'The same token' },
        },
      },
    },
  },
  '/api/admin/login': {
    POST: {
      summary: 'Log in with username and password',
      description:
        'The CSRF token (header or `_csrf` in the body) is checked before the credentials. Sets `cb_session`. ' +
        'Failed logins are limited (5 per 15 minutes per username and address).',
      csrf: 'required',
      errors: { 401: 'Invalid credentials' },
      responses: {
        200: {
          description: 'Logged in; `Set-Cookie: cb_session=…`',
          schema: message({ user: ZLoginUser, csrfToken: z.string() }),
        },
      },
    },
  },
  '/api/admin/logout': {
    GET: {
      summary: "End the caller's own session (no CSRF: it can only log the caller out)",
      responses: { 200: message() },
    },
    POST: { summary: "End the caller's own session", csrf: 'required', responses: { 200: message() } },
  },
  '/api/admin/me': { GET: { summary: 'The logged-in staff user', responses: { 200: z.object({ user: ZAdminUser }) } } },

  // Staff: moderation
  '/api/admin/bans': {
    GET: {
      summary: "Bans within the caller's board scope, newest first",
      description: `${PAGED} Filtering by appeal_status needs moderator or above. ${BOARD_SCOPE}`,
      responses: { 200: ZBanList },
    },
    POST: {
      summary: 'Ban an address',
      description: `Janitors and moderators ban on one board for at most 30 days; admins also globally and permanently. ${BOARD_SCOPE}`,
      responses: { 201: message({ ban: ZBan }) },
    },
  },
  '/api/admin/bans/{id}': {
    GET: {
      summary: 'One ban (appeal text for moderators and admins)',
      description: BOARD_SCOPE,
      responses: { 200: z.object({ ban: ZBan }) },
    },
    PUT: {
      summary: 'Decide an appeal, lift the ban or change its expiry',
      description: `The ban's 404 and 403 come before the body's 400. ${BOARD_SCOPE}`,
      errors: { 409: 'No pending appeal; Ban is not active; Create a new ban instead' },
      responses: { 200: message({ ban: ZBan }) },
    },
  },
  '/api/admin/posts/{postId}': {
    DELETE: {
      summary: 'Delete a post (an opening post takes its thread along)',
      description: BOARD_SCOPE,
      responses: {
        200: message({
          ipAddress: z.string().nullable(),
          postContent: z.string().nullable(),
          imageUrl: z.string().nullable(),
          threadDeleted: z.boolean(),
        }),
      },
    },
  },
  '/api/admin/posts/{postId}/ip': {
    GET: {
      summary: "The poster's address (the lookup is logged)",
      description: BOARD_SCOPE,
      responses: {
        200: z.object({
          ip_address: z.string(),
          post_content: z.string().nullable(),
          image_url: z.string().nullable(),
          deleted: z.boolean(),
        }),
      },
    },
  },
  '/api/admin/posts/{postId}/color': {
    PUT: {
      summary: "Change a post's colour",
      description: `The board scope's 403 comes before a bad colour's 400. ${BOARD_SCOPE}`,
      errors: { 409: 'Cannot change colors in archived threads' },
      responses: { 200: message({ post: ZPost }) },
    },
  },
  '/api/admin/boards/{boardId}/threads/{threadId}/sticky': {
    PUT: {
      summary: 'Make a thread sticky',
      errors: { 409: 'Thread is already sticky; Cannot change sticky status of archived threads' },
      description: BOARD_SCOPE,
      responses: { 200: message({ thread: ZThread }) },
    },
    DELETE: {
      summary: 'Remove sticky (re-applies the thread cap)',
      errors: { 409: 'Thread is not sticky; Cannot change sticky status of archived threads' },
      description: BOARD_SCOPE,
      responses: { 200: message({ thread: ZThread }) },
    },
  },
  '/api/admin/reports': {
    GET: {
      summary: 'Open reports grouped by post',
      description: `Posts with an illegal report first, then the most reported, then the most recent. A \`board\` outside the caller's boards is 403. ${BOARD_SCOPE}`,
      responses: { 200: z.object({ reports: z.array(ZReportedPost) }) },
    },
  },
  '/api/admin/reports/counts': {
    GET: {
      summary: "Open reports per board, on the caller's boards",
      responses: { 200: z.object({ counts: z.record(z.string(), int()) }) },
    },
  },
  '/api/admin/reports/{postId}/dismiss': {
    POST: {
      summary: "Dismiss a post's open reports (logged)",
      description: BOARD_SCOPE,
      responses: { 200: message({ dismissed: int() }) },
    },
  },
  '/api/admin/actions': {
    GET: {
      summary: 'The moderation log, filtered and paged, newest first',
      description: `${PAGED} ${BOARD_SCOPE}`,
      responses: { 200: z.object({ actions: z.array(ZAction), total: int(), limit: int(), offset: int() }) },
    },
  },
  '/api/admin/actions/stats': {
    GET: {
      summary: 'Action counts by type, staff member, board and UTC day (moderators and admins)',
      errors: { 403: 'janitors ("Not authorized to view statistics")' },
      responses: {
        200: z.object({
          stats: z
            .object({
              total: int(),
              byActionType: z.array(z.object({ action_type: z.string(), count: int() }).loose()),
            })
            .loose(),
        }),
      },
    },
  },
  '/api/admin/ip-history/{ip}': {
    GET: {
      summary: 'Everything staff did about one address: a summary and the filtered actions',
      description: `${PAGED} The path segment is the address, URL-encoded (IPv6 colons as %3A).`,
      errors: { 400: 'Invalid IP address, or a bad filter' },
      responses: {
        200: z
          .object({
            ip_address: z.string(),
            summary: z.object({ ip_address: z.string(), total_actions: int() }).loose(),
            actions: z.array(ZAction),
            total: int(),
          })
          .loose(),
      },
    },
  },

  // Staff: administration
  '/api/admin/boards': {
    GET: {
      summary: 'Every board with its settings and live thread count',
      responses: { 200: z.object({ boards: z.array(ZManagedBoard) }) },
    },
    POST: {
      summary: 'Create a board',
      errors: { 409: 'Board already exists' },
      responses: { 201: message({ board: ZBoard }) },
    },
  },
  '/api/admin/boards/{boardId}': {
    PUT: { summary: "Change a board's settings", responses: { 200: message({ board: ZBoard }) } },
    PATCH: { summary: "Change a board's settings (the same as PUT)", responses: { 200: message({ board: ZBoard }) } },
  },
  '/api/admin/users': {
    GET: { summary: 'Every staff account', responses: { 200: z.object({ users: z.array(ZAdminUser) }) } },
    POST: {
      summary: 'Create a staff account',
      errors: { 409: 'Username or email already exists' },
      responses: { 201: message({ user: ZAdminUser }) },
    },
  },
  '/api/admin/users/{id}': {
    GET: { summary: 'One staff account', responses: { 200: z.object({ user: ZAdminUser }) } },
    PUT: {
      summary: "Change a staff account's username, email, password, role, boards or active flag",
      description: 'Deactivating a user or changing the password ends their sessions.',
      errors: { 409: 'Username or email already exists; At least one active admin is required' },
      responses: { 200: message({ user: ZAdminUser }) },
    },
  },
  '/api/admin/rangebans': {
    GET: {
      summary: "Range bans in force (with boardId: that board's and the global ones)",
      responses: { 200: z.object({ rangebans: z.array(ZRangeBan) }) },
    },
    POST: {
      summary: 'Ban a country, an AS number or an IP range',
      errors: { 409: 'Active rangeban already exists for this value' },
      responses: { 201: message({ rangeban: ZRangeBan }) },
    },
  },
  '/api/admin/rangebans/{id}': {
    DELETE: { summary: 'Lift a range ban (kept in the record, marked removed)', responses: { 200: message() } },
  },
  '/api/admin/rangebans/stats': {
    GET: {
      summary: 'Range ban counts by type and the most banned countries',
      responses: { 200: z.object({ stats: ZRangeBanStats }) },
    },
  },
  '/api/admin/filters': {
    GET: { summary: 'Every word filter, oldest first', responses: { 200: z.object({ filters: z.array(ZFilter) }) } },
    POST: {
      summary: 'Add a word filter; new posts are checked against it at once',
      errors: { 409: 'At most 1000 filters' },
      responses: { 201: message({ filter: ZFilter }) },
    },
  },
  '/api/admin/filters/{id}': {
    PUT: { summary: 'Replace a word filter with the rule sent', responses: { 200: message({ filter: ZFilter }) } },
    DELETE: { summary: 'Remove a word filter', responses: { 200: message() } },
  },
  '/api/admin/files': {
    GET: {
      summary: 'The banned-file list, newest first (it applies to every board)',
      responses: { 200: z.object({ files: z.array(ZBannedFile) }) },
    },
    POST: {
      summary: "Ban a post's file by SHA-256 and perceptual hash",
      description:
        'Board-scoped moderators only from posts on their boards. `deletePosts` deletes every post carrying the same ' +
        "file (on the caller's boards); `banPoster` (admins only) bans whoever uploads the same bytes again, on every board. Uploads of the file, or of an image " +
        'within a small perceptual distance, then answer 403 `File banned`.',
      errors: { 409: 'File already banned; At most N banned files' },
      responses: { 201: message({ file: ZBannedFile, deletedPosts: z.number().int() }) },
    },
  },
  '/api/admin/files/{id}': {
    DELETE: {
      summary: 'Lift a file ban (board-scoped staff: entries made from their boards)',
      responses: { 200: message() },
    },
  },
  '/api/admin/settings/contact': {
    GET: {
      summary: 'The contact text and link shown on /contact',
      responses: { 200: z.object({ contact: ZContact }) },
    },
    PUT: { summary: 'Replace the contact text and link', responses: { 200: message({ contact: ZContact }) } },
  },
  '/api/admin/housekeeping/run': {
    POST: {
      summary: 'Run housekeeping now',
      errors: { 409: 'Another run is in progress' },
      responses: {
        200: message({
          results: z
            .object({ timestamp: z.string(), totalDuration: z.number(), tasks: z.record(z.string(), z.unknown()) })
            .loose(),
        }),
      },
    },
  },
  '/api/admin/housekeeping/status': {
    GET: {
      summary: 'Housekeeping schedule, run in progress, last run',
      responses: {
        200: z.object({
          status: z.object({ initialized: z.literal(true), jobs: z.record(z.string(), z.unknown()) }).loose(),
        }),
      },
    },
  },

  // 4chan-compatible files
  '/api/4chan/boards.json': {
    GET: {
      summary: "Every board in 4chan's format",
      responses: { 200: { ...FOURCHAN, fourchan: 'boards' }, 304: NOT_MODIFIED },
    },
  },
  '/api/4chan/{boardId}/catalog.json': {
    GET: {
      summary: "The board's live threads by page, with their newest replies",
      banChecked: true,
      responses: { 200: { ...FOURCHAN, fourchan: 'catalog' }, 304: NOT_MODIFIED },
    },
  },
  '/api/4chan/{boardId}/threads.json': {
    GET: {
      summary: 'Number, last change and replies of each live thread, by page',
      banChecked: true,
      responses: { 200: { ...FOURCHAN, fourchan: 'threads' }, 304: NOT_MODIFIED },
    },
  },
  '/api/4chan/{boardId}/archive.json': {
    GET: {
      summary: 'Numbers of the archived threads still readable',
      banChecked: true,
      responses: { 200: { ...FOURCHAN, fourchan: 'archive' }, 304: NOT_MODIFIED },
    },
  },
  '/api/4chan/{boardId}/{page}': {
    GET: {
      summary: 'One index page (`1.json`, 1-based): threads with their newest replies',
      banChecked: true,
      responses: { 200: { ...FOURCHAN, fourchan: 'index-page' }, 304: NOT_MODIFIED },
    },
  },
  '/api/4chan/{boardId}/thread/{file}': {
    GET: {
      summary: "A whole thread (`{no}.json`), live or archived, by its opening post's number",
      banChecked: true,
      responses: { 200: { ...FOURCHAN, fourchan: 'thread' }, 304: NOT_MODIFIED },
    },
  },
  '/api/4chan/{boardId}/media/{file}': {
    GET: {
      summary: "A post's file (`{tim}{ext}`) or thumbnail (`{tim}s.jpg`): a redirect to where it is stored",
      responses: {
        302: {
          description: 'Redirect to the stored file',
          headers: { Location: 'The file', 'Cache-Control': 'public, max-age=86400' },
        },
      },
    },
  },
}
