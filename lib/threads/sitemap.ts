// Live threads for sitemap.xml: ids and last bump only.
import { getDb } from '../db/client'

export async function listLiveThreadRefs(): Promise<{ id: number; boardId: string; updatedAt: Date }[]> {
  const db = await getDb()
  return db.thread.findMany({
    where: { isDead: false },
    select: { id: true, boardId: true, updatedAt: true },
    orderBy: { updatedAt: 'desc' },
    take: 5000,
  })
}
