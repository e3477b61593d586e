// A reply's effect on its thread, in one statement inside the reply's transaction: the post count goes up by one and,
// unless the reply is a sage or the thread was already at the bump limit, the thread is bumped to the reply's time.
// The UPDATE takes the thread's row lock on PostgreSQL (a concurrent reply waits, then sees the new count), so the
// bump rule and the count stay exact without a separate SELECT … FOR UPDATE and read; on SQLite transactions already
// run one at a time. A thread that is gone or archived is not updated: the caller then finds out which.
import type { RawSql } from '../db/driver-sql'
import { BUMP_LIMIT } from '../limits'

export interface CountedReply {
  /** The thread's post count with this reply. */
  postCount: number
  /** False for a sage, and for a reply to a thread that already had BUMP_LIMIT posts. */
  bumped: boolean
}

/** Counts a reply in a live thread of the board; null when there is none (gone, archived, or on another board). */
export async function countReply(
  tx: RawSql,
  thread: { id: number; boardId: string },
  sage: boolean,
  at: Date,
): Promise<CountedReply | null> {
  // The right-hand sides read the row as it was before this UPDATE: post_count is the count without the reply.
  const rows = sage
    ? await tx.$queryRaw<{ post_count: number | bigint }[]>`
        UPDATE threads SET post_count = post_count + 1
        WHERE id = ${thread.id} AND board_id = ${thread.boardId} AND is_dead = ${false}
        RETURNING post_count`
    : await tx.$queryRaw<{ post_count: number | bigint }[]>`
        UPDATE threads SET post_count = post_count + 1,
          updated_at = CASE WHEN post_count >= ${BUMP_LIMIT} THEN updated_at ELSE ${at} END
        WHERE id = ${thread.id} AND board_id = ${thread.boardId} AND is_dead = ${false}
        RETURNING post_count`
  if (!rows.length) return null
  const postCount = Number(rows[0].post_count)
  // The reply that brings the count to the limit still bumps; past it, sage is forced.
  return { postCount, bumped: !sage && postCount - 1 < BUMP_LIMIT }
}
