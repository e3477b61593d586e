// One housekeeping run (contract 2.14, 5.6): the tasks in order, each reporting its own failure without stopping
// the others, under a lock that admits one run at a time across every process of the deployment.
import { randomUUID } from 'node:crypto'
import { getDb } from '../db/client'
import { ConflictError } from '../errors'
import { acquireJobLock, releaseJobLock, renewJobLock } from './job-lock'
import { cleanupThreads } from './thread-cleanup'
import { cleanupSnapshots } from './snapshot-cleanup'
import { cleanupFiles } from './file-cleanup'
import { cleanupStats } from '../stats/cleanup'

export const HOUSEKEEPING_JOB = 'housekeeping'
// Long enough for a slow bucket listing; renewed between tasks. A crashed holder blocks runs at most this long.
const LEASE_MS = 30 * 60_000
const PROCESS_ID = randomUUID()

export type Trigger = 'startup' | 'schedule' | 'manual'
type TaskResult<T> = T | { error: string }

export interface HousekeepingResults {
  timestamp: string
  totalDuration: number
  tasks: {
    threadCleanup: TaskResult<Awaited<ReturnType<typeof cleanupThreads>>>
    fileCleanup: TaskResult<Awaited<ReturnType<typeof cleanupFiles>>>
    snapshotCleanup: TaskResult<Awaited<ReturnType<typeof cleanupSnapshots>>>
    statsCleanup: TaskResult<Awaited<ReturnType<typeof cleanupStats>>>
  }
}

export class HousekeepingBusyError extends ConflictError {
  constructor() { super('Housekeeping is already running') }
}

/** Runs every task once. `now` is the clock the tasks judge ages by (tests move it forward). */
export async function runHousekeeping(trigger: Trigger, now = new Date()): Promise<HousekeepingResults> {
  const lease = await acquireJobLock(HOUSEKEEPING_JOB, `${PROCESS_ID}:${randomUUID()}`, LEASE_MS, now)
  if (!lease) throw new HousekeepingBusyError()
  const db = await getDb()
  const started = Date.now()
  const clock = () => new Date(now.getTime() + Date.now() - started)
  try {
    const run = await db.housekeepingRun.create({ data: { trigger, startedAt: new Date() } })
    const task = async <T>(name: string, work: () => Promise<T>): Promise<TaskResult<T>> => {
      try {
        return await work()
      } catch (err) {
        console.error(`housekeeping: ${name} failed:`, err)
        return { error: err instanceof Error ? err.message : String(err) }
      } finally {
        await renewJobLock(lease, LEASE_MS, clock()).catch(() => {})
      }
    }
    // Snapshots go before files, so media that only an expired snapshot kept is removed in the same run.
    const threadCleanup = await task('threadCleanup', () => cleanupThreads(now))
    const snapshotCleanup = await task('snapshotCleanup', () => cleanupSnapshots(now))
    const fileCleanup = await task('fileCleanup', () => cleanupFiles(now))
    const statsCleanup = await task('statsCleanup', () => cleanupStats(now))
    const finishedAt = new Date()
    const results: HousekeepingResults = {
      timestamp: finishedAt.toISOString(),
      totalDuration: Date.now() - started,
      tasks: { threadCleanup, fileCleanup, snapshotCleanup, statsCleanup },
    }
    await db.housekeepingRun.update({ where: { id: run.id }, data: { finishedAt, results: results as never } })
    return results
  } finally {
    await releaseJobLock(lease).catch((err) => console.error('housekeeping: could not release its lock:', err))
  }
}
