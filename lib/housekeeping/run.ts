// One housekeeping run: the tasks in order, each reporting its own failure without stopping
// the others, under a lock that admits one run at a time across every process of the deployment.
import { randomBytes } from 'node:crypto'
import os from 'node:os'
import { getConfig } from '../config'
import { cleanupFiles } from './file-cleanup'
import { getDb } from '../db/client'
import { ConflictError } from '../errors'
import { log } from '../log'
import { acquireJobLock, jobLockHolder, releaseJobLock, renewJobLock } from './job-lock'
import { cleanupSnapshots } from './snapshot-cleanup'
import { cleanupThreads } from './thread-cleanup'
import { metrics } from '../metrics/registry'
import { cleanupStats } from '../stats/cleanup'

export const HOUSEKEEPING_JOB = 'housekeeping'
// The lease is short and renewed by a heartbeat while the run lasts, so a crashed holder blocks others for at
// most one lease (HOUSEKEEPING_LEASE_SECONDS). The owner names the host and process, for the operator's log.
const PROCESS_ID = `${os.hostname()}:${process.pid}`

export type Trigger = 'startup' | 'schedule' | 'manual'
type TaskResult<T> = T | { error: string }
type Timed<T> = T & { duration: number }

/** A task's figures followed by the milliseconds it took. */
async function timed<T extends object>(work: () => Promise<T>): Promise<Timed<T>> {
  const started = Date.now()
  const figures = await work()
  return { ...figures, duration: Date.now() - started }
}

export interface HousekeepingResults {
  timestamp: string
  totalDuration: number
  tasks: {
    threadCleanup: TaskResult<Timed<Awaited<ReturnType<typeof cleanupThreads>>>>
    fileCleanup: TaskResult<Timed<Awaited<ReturnType<typeof cleanupFiles>>>>
    snapshotCleanup: TaskResult<Awaited<ReturnType<typeof cleanupSnapshots>>>
    statsCleanup: TaskResult<Awaited<ReturnType<typeof cleanupStats>>>
  }
}

export class HousekeepingBusyError extends ConflictError {
  constructor(readonly holder: { owner: string; expiresAt: Date } | null = null) {
    super('Housekeeping is already running')
  }
}

/** Runs every task once. `now` is the clock the tasks judge ages by (tests move it forward). */
export async function runHousekeeping(trigger: Trigger, now = new Date()): Promise<HousekeepingResults> {
  const count = (outcome: string) => metrics().housekeepingRuns.inc({ trigger, outcome })
  try {
    const results = await runOnce(trigger, now)
    count(Object.values(results.tasks).some((r) => 'error' in r) ? 'failed_tasks' : 'ok')
    return results
  } catch (err) {
    count(err instanceof HousekeepingBusyError ? 'skipped' : 'failed')
    throw err
  }
}

async function runOnce(trigger: Trigger, now: Date): Promise<HousekeepingResults> {
  const leaseMs = getConfig().housekeepingLeaseMs
  const lease = await acquireJobLock(HOUSEKEEPING_JOB, `${PROCESS_ID}:${randomBytes(4).toString('hex')}`, leaseMs, now)
  if (!lease) throw new HousekeepingBusyError(await jobLockHolder(HOUSEKEEPING_JOB).catch(() => null))
  const db = await getDb()
  const started = Date.now()
  const clock = () => new Date(now.getTime() + Date.now() - started)
  const heartbeat = setInterval(
    () => {
      renewJobLock(lease, leaseMs, clock()).then(
        (held) => {
          if (!held) log.error(`housekeeping: lost its lock ${lease.owner} (lease ended before renewal)`)
        },
        (err) => log.error('housekeeping: could not renew its lock', err),
      )
    },
    Math.max(1_000, Math.floor(leaseMs / 3)),
  )
  heartbeat.unref()
  try {
    const run = await db.housekeepingRun.create({ data: { trigger, startedAt: new Date() } })
    const task = async <T>(name: string, work: () => Promise<T>): Promise<TaskResult<T>> => {
      try {
        return await work()
      } catch (err) {
        log.error(`housekeeping: ${name} failed`, err)
        return { error: err instanceof Error ? err.message : String(err) }
      }
    }
    // Snapshots go before files, so media that only an expired snapshot kept is removed in the same run.
    const threadCleanup = await task('threadCleanup', () => timed(() => cleanupThreads(now)))
    const snapshotCleanup = await task('snapshotCleanup', () => cleanupSnapshots(now))
    const fileCleanup = await task('fileCleanup', () => timed(() => cleanupFiles(now)))
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
    clearInterval(heartbeat)
    await releaseJobLock(lease).catch((err) => log.error('housekeeping: could not release its lock', err))
  }
}
