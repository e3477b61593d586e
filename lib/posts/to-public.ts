// Database rows → the public Post of the API (never an IP address or owner hash).
import type { FileType, PostColor, PublicPost, SurveySummary } from './types'
import type { Post } from '../db/generated/sqlite/client.ts'

export type BanMark = { reason: string; createdAt: Date; expiresAt: Date | null }

/** `survey`: the post's poll summary, null for none; left out of the object when undefined (includeSurveys=false). */
export function toPublicPost(p: Post, ban: BanMark | undefined, survey: SurveySummary | null | undefined): PublicPost {
  const post: PublicPost = {
    id: p.id,
    thread_id: p.threadId,
    board_id: p.boardId,
    content: p.content,
    created_at: p.createdAt.toISOString(),
    image_url: p.imageUrl,
    thumbnail_url: p.thumbnailUrl,
    file_type: p.fileType as FileType | null,
    file_info: p.imageUrl
      ? {
          name: p.mediaOrigName || null,
          size: p.mediaSize,
          width: p.mediaWidth,
          height: p.mediaHeight,
          duration: p.mediaDuration,
        }
      : null,
    spoiler: p.spoiler,
    color: p.color as PostColor,
    thread_user_id: p.threadUserId,
    country_code: p.countryCode,
    dont_bump: p.dontBump,
    is_op: p.isOp,
    isBanned: Boolean(ban),
    banInfo: ban
      ? {
          reason: ban.reason,
          created_at: ban.createdAt.toISOString(),
          expires_at: ban.expiresAt?.toISOString() ?? null,
        }
      : null,
  }
  if (survey !== undefined) post.survey = survey
  return post
}
