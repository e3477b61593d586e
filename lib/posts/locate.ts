// Where referenced posts live, for >>links that point into other threads (one query for all of them).
import { getDb } from '../db/client'

/** The thread and board of each post that exists, among the first 500 ids. */
export async function postLocations(ids: number[]): Promise<{ id: number; threadId: number; boardId: string }[]> {
  if (!ids.length) return []
  const db = await getDb()
  return db.post.findMany({
    where: { id: { in: ids.slice(0, 500) } },
    select: { id: true, threadId: true, boardId: true },
  })
}

export const postAddress = (r: { id: number; threadId: number; boardId: string }) =>
  `/board/${r.boardId}/thread/${r.threadId}#post-${r.id}`

export async function locatePosts(ids: number[]): Promise<Record<number, string>> {
  return Object.fromEntries((await postLocations(ids)).map((r) => [r.id, postAddress(r)]))
}

export async function locatePost(id: number): Promise<string | null> {
  return (await locatePosts([id]))[id] ?? null
}
