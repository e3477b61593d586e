// What /admin/housekeeping and GET /api/admin/housekeeping/status show: whether this process runs
// the hourly schedule, whether a run is executing anywhere, and the last finished run with its results.
import { isJobLocked } from './job-lock'
import { HOUSEKEEPING_JOB, type HousekeepingResults } from './run'
import { INTERVAL_MINUTES, scheduleInfo } from './schedule'
import { getDb } from '../db/client'

export interface HousekeepingStatus {
  initialized: true
  jobs: {
    housekeeping: {
      running: boolean
      inProgress: boolean
      lastRun: string | null
      nextRun: string | null
      intervalMinutes: number
    }
  }
}

export async function housekeepingStatus(): Promise<HousekeepingStatus> {
  const { running, nextRun } = scheduleInfo()
  const [inProgress, last] = await Promise.all([isJobLocked(HOUSEKEEPING_JOB), lastFinishedRun()])
  return {
    initialized: true,
    jobs: {
      housekeeping: {
        running,
        inProgress,
        lastRun: last?.finishedAt.toISOString() ?? null,
        nextRun: nextRun?.toISOString() ?? null,
        intervalMinutes: INTERVAL_MINUTES,
      },
    },
  }
}

/** The most recent finished run and its results (JSON comes back as text on SQLite). */
export async function lastFinishedRun(): Promise<{
  finishedAt: Date
  trigger: string
  results: HousekeepingResults | null
} | null> {
  const db = await getDb()
  const run = await db.housekeepingRun.findFirst({
    where: { finishedAt: { not: null } },
    orderBy: { finishedAt: 'desc' },
  })
  if (!run?.finishedAt) return null
  const results = typeof run.results === 'string' ? JSON.parse(run.results) : run.results
  return { finishedAt: run.finishedAt, trigger: run.trigger, results: (results ?? null) as HousekeepingResults | null }
}
