// Public posts read by id in one plain statement (a board index's opening posts and latest replies).
import { PUBLIC_POST_SELECT, type PublicPostRow } from './to-public'
import { getDb } from '../db/client'

/** The columns of PUBLIC_POST_SELECT in SQL, each named as its Prisma field (quoted: both databases keep the case). */
const PUBLIC_POST_COLUMNS = Object.keys(PUBLIC_POST_SELECT)
  .map(
    (field) =>
      `${field === 'mediaOrigName' ? 'media_original_name' : field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)} AS "${field}"`,
  )
  .join(', ')

/**
 * Public posts by id (a board index's opening posts and latest replies: a few hundred ids), in no order. One plain
 * statement: through the ORM, mapping the rows cost as much as the rest of the board's thread list together. The
 * ids are integers from the database, written into the statement (the placeholders differ between the databases).
 */
export async function publicPostsByIds(ids: number[]): Promise<PublicPostRow[]> {
  if (!ids.length) return []
  const db = await getDb()
  const list = ids.map((id) => String(Math.trunc(id))).join(',')
  return db.$queryRawUnsafe<PublicPostRow[]>(`SELECT ${PUBLIC_POST_COLUMNS} FROM posts WHERE id IN (${list})`)
}
