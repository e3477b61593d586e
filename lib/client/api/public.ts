'use client'
// The visitor calls: posting, deleting one's own posts, polls, ban appeals and the public statistics.
import type { HourlyStats, StatsOverview } from '@/lib/stats/types'
import type {
  Correlation,
  CreatedPost,
  CreatedThread,
  NewPoll,
  NewReport,
  PostSurvey,
  SurveyResults,
  ThreadPosts,
  VoteAnswer,
} from './bodies'
import { publicPaths as paths } from './paths'
import { request } from './request'
import { postWithProgress } from './upload'

type Progress = (fraction: number) => void

export const publicApi = {
  /** Multipart: topic, content, image. */
  createThread: (boardId: string, form: FormData, onProgress: Progress) =>
    postWithProgress<CreatedThread>(paths.threads(boardId), form, onProgress),
  /** Multipart: content, image, dont_bump. */
  reply: (boardId: string, threadId: number, form: FormData, onProgress: Progress) =>
    postWithProgress<CreatedPost>(paths.threadPosts(boardId, threadId), form, onProgress),
  /** The thread and its posts, only those after `after` when given. */
  threadPosts: (boardId: string, threadId: number, after?: number) =>
    request<ThreadPosts>('GET', paths.threadPosts(boardId, threadId, after)),
  /** By its opening poster (the poster-key cookie proves it). */
  deleteOwnThread: (boardId: string, threadId: number) =>
    request<{ message: string }>('DELETE', paths.thread(boardId, threadId)),
  deleteOwnPost: (boardId: string, threadId: number, postId: number) =>
    request<{ message: string }>('DELETE', paths.post(boardId, threadId, postId)),

  attachPoll: (boardId: string, threadId: number, postId: number, poll: NewPoll) =>
    request<{ message: string }>('POST', paths.postSurvey(boardId, threadId, postId), { body: poll }),
  /** The post's poll with the reader's own vote. */
  postSurvey: (boardId: string, threadId: number, postId: number) =>
    request<PostSurvey>('GET', paths.postSurvey(boardId, threadId, postId)),
  surveyResults: (boardId: string, surveyId: number) =>
    request<{ results: SurveyResults }>('GET', paths.surveyResults(boardId, surveyId)),
  surveyCorrelations: (boardId: string, surveyId: number) =>
    request<{ correlations: Correlation[] }>('GET', paths.surveyCorrelations(boardId, surveyId)),
  vote: (boardId: string, surveyId: number, optionIds: number[]) =>
    request<VoteAnswer>('POST', paths.surveyVote(boardId, surveyId), { body: { option_ids: optionIds } }),
  rescindVote: (boardId: string, surveyId: number) =>
    request<{ message: string }>('DELETE', paths.surveyVote(boardId, surveyId)),

  appeal: (boardId: string, banId: number, appealText: string) =>
    request<{ message: string; appeal_status: string }>('POST', paths.appeal(boardId, banId), { body: { appealText } }),

  /** Reports a post to the staff; a repeat by the same visitor is accepted and changes nothing. */
  reportPost: (boardId: string, postId: number, report: NewReport) =>
    request<{ message: string }>('POST', paths.postReports(boardId, postId), { body: report }),

  statsOverview: () => request<StatsOverview>('GET', paths.stats()),
  hourlyStats: (hours: number) => request<HourlyStats>('GET', paths.hourlyStats(hours)),
}
