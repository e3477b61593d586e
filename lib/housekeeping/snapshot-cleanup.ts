// Housekeeping's snapshot task: moderation snapshots live 24 hours. Media they kept becomes
// unreferenced and is removed by the file task, which runs after this one.
import { getDb } from '../db/client'

export async function cleanupSnapshots(now: Date): Promise<{ snapshotsDeleted: number }> {
  const db = await getDb()
  const { count } = await db.moderationSnapshot.deleteMany({ where: { expiresAt: { lte: now } } })
  return { snapshotsDeleted: count }
}
