// Staff deletions keep each removed post for 24 hours so a ban can still be made from it; the
// media file stays while its snapshot exists, unless staff purge it.
import type { Tx } from '../db/locks'
import { HOUR_MS } from '../time'

export const SNAPSHOT_HOURS = 24

export function snapshotPosts(
  tx: Tx,
  posts: {
    id: number
    boardId: string
    threadId: number
    ipAddress: string
    content: string
    imageUrl: string | null
    mediaKey: string | null
  }[],
  purgeMedia: boolean,
) {
  const expiresAt = new Date(Date.now() + SNAPSHOT_HOURS * HOUR_MS)
  return tx.moderationSnapshot.createMany({
    data: posts.map((p) => ({
      postId: p.id,
      boardId: p.boardId,
      threadId: p.threadId,
      ipAddress: p.ipAddress,
      content: p.content,
      imageUrl: purgeMedia ? null : p.imageUrl,
      mediaKey: purgeMedia ? null : p.mediaKey,
      expiresAt,
    })),
  })
}
