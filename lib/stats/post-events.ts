// Posts for statistics: every created thread or reply is one row, written in the creating
// transaction, with the poster's country whatever the board's flag setting; deletions never lower the counts.
import { visitorHash } from './salt'
import { minuteOf } from './time'

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
