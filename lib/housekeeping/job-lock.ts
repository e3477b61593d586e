// Cross-process mutual exclusion through the job_locks table: one row per job while a process holds it. The row
// carries a lease, so a process that dies mid-run blocks the job only until the lease ends.
import { getDb } from '../db/client'

export interface JobLease {
  name: string
  owner: string
}

/** Takes the lock when it is free or its lease has ended; null when another holder has it. */
export async function acquireJobLock(
  name: string,
  owner: string,
  leaseMs: number,
  now = new Date(),
): Promise<JobLease | null> {
  const db = await getDb()
  const expiresAt = new Date(now.getTime() + leaseMs)
  // Take over an ended lease atomically (only one process's update can match the old expiry).
  const takenOver = await db.jobLock.updateMany({
    where: { name, expiresAt: { lte: now } },
    data: { owner, acquiredAt: now, expiresAt },
  })
  if (takenOver.count === 1) return { name, owner }
  try {
    await db.jobLock.create({ data: { name, owner, acquiredAt: now, expiresAt } })
    return { name, owner }
  } catch (err) {
    // The primary key refused a second row: someone holds the lock.
    if ((err as { code?: string }).code === 'P2002') return null
    throw err
  }
}

/** Extends the lease while a long job is still working; false when the lease was lost (taken over after it ended). */
export async function renewJobLock(lease: JobLease, leaseMs: number, now = new Date()): Promise<boolean> {
  const db = await getDb()
  const { count } = await db.jobLock.updateMany({
    where: lease,
    data: { expiresAt: new Date(now.getTime() + leaseMs) },
  })
  return count === 1
}

/** Who holds the job's lock and until when; null when nobody does. */
export async function jobLockHolder(name: string): Promise<{ owner: string; expiresAt: Date } | null> {
  const db = await getDb()
  return db.jobLock.findUnique({ where: { name }, select: { owner: true, expiresAt: true } })
}

export async function releaseJobLock(lease: JobLease): Promise<void> {
  const db = await getDb()
  await db.jobLock.deleteMany({ where: lease })
}

/** True while some process holds an unexpired lease on the job. */
export async function isJobLocked(name: string, now = new Date()): Promise<boolean> {
  const db = await getDb()
  return (await db.jobLock.count({ where: { name, expiresAt: { gt: now } } })) > 0
}
