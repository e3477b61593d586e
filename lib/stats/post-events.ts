// Posts for statistics: every created thread or reply is one row, written in the creating
// transaction, with the poster's country whatever the board's flag setting; deletions never lower the counts.
import { visitorHash } from './salt'
import { minuteOf } from './time'
import type { RawSql } from '../db/driver-sql'

export interface PostEventRow {
  createdAt: Date
  minute: number
  boardId: string
  countryCode: string | null
  visitorHash: string
}

/**
 * The row to insert for a post created now (computed before the transaction: it may read the salt).
 * `countryCode` is the poster's country whatever the board's flag setting.
 */
export async function postEventRow(
  boardId: string,
  ip: string,
  countryCode: string | null,
  at = new Date(),
): Promise<PostEventRow> {
  const hash = await visitorHash(ip, at)
  return { createdAt: at, minute: minuteOf(at), boardId, countryCode, visitorHash: hash }
}

/**
 * Stores the row in the post's transaction: one INSERT in SQL rather than through the Prisma model API, whose
 * planning of each create costs more CPU than the statement (posting is the hottest write).
 */
export async function insertPostEvent(tx: RawSql, row: PostEventRow): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO stats_post_events (created_at, minute, board_id, country_code, visitor_hash)
    VALUES (${row.createdAt}, ${row.minute}, ${row.boardId}, ${row.countryCode}, ${row.visitorHash})`
}
