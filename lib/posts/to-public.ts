// Database rows → the contract's public Post (never an IP address or owner hash).
import type { Post, Survey } from '../db/generated/sqlite/client.ts'
import type { FileType, PostColor, PublicPost, SurveySummary } from './types'

export type PostRow = Post & { survey?: (Survey & { _count: { responses: number } }) | null }
export type BanMark = { reason: string; createdAt: Date; expiresAt: Date | null }

/** What a survey summary needs besides the survey row: its response count. */
export const SURVEY_SUMMARY_INCLUDE = { _count: { select: { responses: true } } } as const
/** Fields a public post read selects: the row plus its survey summary. */
export const POST_INCLUDE = { survey: { include: SURVEY_SUMMARY_INCLUDE } } as const

export function toSurveySummary(s: Survey & { _count: { responses: number } }): SurveySummary {
  return {
    id: s.id, survey_id: s.id, post_id: s.postId, survey_type: s.surveyType as SurveySummary['survey_type'],
    question: s.question, response_count: s._count.responses, is_active: s.isActive,
  }
}

export function toPublicPost(p: PostRow, ban: BanMark | undefined, includeSurvey = true): PublicPost {
  const post: PublicPost = {
    id: p.id,
    thread_id: p.threadId,
    board_id: p.boardId,
    content: p.content,
    created_at: p.createdAt.toISOString(),
    image_url: p.imageUrl,
    thumbnail_url: p.thumbnailUrl,
    file_type: p.fileType as FileType | null,
    color: p.color as PostColor,
    thread_user_id: p.threadUserId,
    country_code: p.countryCode,
    dont_bump: p.dontBump,
    is_op: p.isOp,
    isBanned: Boolean(ban),
    banInfo: ban ? { reason: ban.reason, created_at: ban.createdAt.toISOString(), expires_at: ban.expiresAt?.toISOString() ?? null } : null,
  }
  if (includeSurvey) post.survey = p.survey ? toSurveySummary(p.survey) : null
  return post
}
