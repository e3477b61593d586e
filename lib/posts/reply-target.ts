// The thread a reply goes to, looked up before the body is read (a missing or archived thread answers at once) and
// again when counting the reply found no live thread, to say which it was. One SELECT in SQL rather than through
// the Prisma model API, whose planning of each query costs more CPU than the statement (replying is the hottest
// write). is_dead comes back as a boolean on PostgreSQL and as 0 or 1 on SQLite.
import type { RawSql } from '../db/driver-sql'

export interface ReplyTarget {
  boardId: string
  isDead: boolean
}

export async function replyTarget(db: Pick<RawSql, '$queryRaw'>, threadId: number): Promise<ReplyTarget | null> {
  const rows = await db.$queryRaw<{ board_id: string; is_dead: boolean | number | bigint }[]>`
    SELECT board_id, is_dead FROM threads WHERE id = ${threadId}`
  return rows.length ? { boardId: rows[0].board_id, isDead: Boolean(Number(rows[0].is_dead)) } : null
}
