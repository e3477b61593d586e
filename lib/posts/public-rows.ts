// Public posts read in one plain statement: by id (a board index's opening posts and latest replies) or by thread
// (a thread page's 300). Through the ORM's query builder, mapping the rows cost as much as the rest of the page's
// data together (a 300-post thread: 23 ms of CPU through the ORM, 11 ms as one plain statement).
import { PUBLIC_POST_SELECT, type PublicPostRow } from './to-public'
import { getDb, rawSql } from '../db/client'
import { inIds, sqlText } from '../db/driver-sql'
import { integerList } from '../db/integer-list'

/** The columns of PUBLIC_POST_SELECT in SQL, each named as its Prisma field (quoted: both databases keep the case). */
const PUBLIC_POST_COLUMNS = Object.keys(PUBLIC_POST_SELECT)
  .map(
    (field) =>
      `${field === 'mediaOrigName' ? 'media_original_name' : field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)} AS "${field}"`,
  )
  .join(', ')

/**
 * Public posts by id (a board index's opening posts and latest replies: a few hundred ids), in no order. The ids
 * are integers from the database, written into the statement (lib/db/integer-list.ts).
 */
export function publicPostsByIds(ids: number[]): Promise<PublicPostRow[]> {
  return selectByIds<PublicPostRow>(PUBLIC_POST_COLUMNS, ids)
}

/** A thread's public posts after a post id (0: all of them), in id order. Both numbers are written in as integers. */
export function publicPostsOfThread(threadId: number, after: number): Promise<PublicPostRow[]> {
  return selectOfThread<PublicPostRow>(PUBLIC_POST_COLUMNS, threadId, after)
}

/** What tells one version of a post's row from another (lib/render/post-json.ts): the rest of the row never changes. */
export interface PostVersion {
  id: number
  threadId: number
  isOp: boolean
  color: string
  createdAt: Date
}

const VERSION_COLUMNS = sqlText('id, thread_id AS "threadId", is_op AS "isOp", color, created_at AS "createdAt"')

/** The versions of posts by id, in no order: on the driver, the ids bound as one list (lib/db/driver-sql.ts). */
export async function postVersionsByIds(ids: number[]): Promise<PostVersion[]> {
  if (!ids.length) return []
  const sql = await rawSql()
  return sql.$queryRaw<PostVersion[]>`
    SELECT ${VERSION_COLUMNS} FROM posts WHERE id ${inIds(ids)}`
}

/** The versions of a thread's posts after a post id (0: all of them), in id order, on the driver. */
export async function postVersionsOfThread(threadId: number, after: number): Promise<PostVersion[]> {
  const sql = await rawSql()
  return sql.$queryRaw<PostVersion[]>`
    SELECT ${VERSION_COLUMNS} FROM posts WHERE thread_id = ${threadId} AND id > ${after} ORDER BY id`
}

/** The ids of a thread's posts, in id order, on the driver. */
export async function postIdsOfThread(threadId: number): Promise<number[]> {
  const sql = await rawSql()
  const rows = await sql.$queryRaw<
    { id: number | bigint }[]
  >`SELECT id FROM posts WHERE thread_id = ${threadId} ORDER BY id`
  return rows.map((r) => Number(r.id))
}

async function selectByIds<T>(columns: string, ids: number[]): Promise<T[]> {
  if (!ids.length) return []
  const db = await getDb()
  return db.$queryRawUnsafe<T[]>(`SELECT ${columns} FROM posts WHERE id IN (${integerList(ids)})`)
}

async function selectOfThread<T>(columns: string, threadId: number, after: number): Promise<T[]> {
  const db = await getDb()
  return db.$queryRawUnsafe<T[]>(
    `SELECT ${columns} FROM posts WHERE thread_id = ${Math.trunc(threadId)} AND id > ${Math.trunc(after)} ORDER BY id`,
  )
}
