// The database row of a new post, built the same way for a thread's opening post and for a reply.
import type { PostMedia } from './attach-media'
import type { PublicBoard } from '../boards/types'
import { ownerKeyHash, threadUserId } from '../posters/identity'

export interface Poster {
  ip: string
  posterKey: string
  /** The address's country; stored on the post only where the board shows flags. */
  country: string | null
}

export function newPostRow(
  board: PublicBoard,
  threadId: number,
  poster: Poster,
  post: {
    content: string
    createdAt: Date
    isOp: boolean
    spoiler: boolean
  },
  media: PostMedia | null,
) {
  return {
    threadId,
    boardId: board.id,
    ...post,
    ipAddress: poster.ip,
    ownerKeyHash: ownerKeyHash(poster.posterKey),
    threadUserId: board.thread_ids_enabled ? threadUserId(threadId, poster.ip) : null,
    countryCode: board.country_flags_enabled ? poster.country : null,
    ...media?.columns,
  }
}

/** A new post's columns but the two decided where it is stored; the media ones are absent without a file. */
export type PostRowDraft = ReturnType<typeof newPostRow>

/** A new post's columns. */
export type NewPostRow = PostRowDraft & {
  /** A sage, or a reply past the bump limit (count-reply.ts); false for a thread's opening post. */
  dontBump: boolean
  /** The normalised text's hash (lib/duplicates). */
  textHash: string | null
}
