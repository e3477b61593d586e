// Where referenced posts live, for >>links that point into other threads (one query for all of them).
import { getDb } from '../db/client'

export async function locatePosts(ids: number[]): Promise<Record<number, string>> {
  if (!ids.length) return {}
  const db = await getDb()
  const rows = await db.post.findMany({
    where: { id: { in: ids.slice(0, 500) } },
    select: { id: true, threadId: true, boardId: true },
  })
  return Object.fromEntries(rows.map((r) => [r.id, `/board/${r.boardId}/thread/${r.threadId}#post-${r.id}`]))
}

export async function locatePost(id: number): Promise<string | null> {
  return (await locatePosts([id]))[id] ?? null
}
