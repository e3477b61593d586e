// The hourly housekeeping schedule of this process: a run at start-up, then one every 60 minutes.
// Every process may run the schedule; the job lock admits one run at a time, and a scheduled run is skipped
// when another process has already run housekeeping within the period. The state is one per process
// (process-singleton.ts): server.ts and the Next bundle (the status route) each load this module.
import { HousekeepingBusyError, runHousekeeping, type Trigger } from './run'
import { getDb } from '../db/client'
import { log } from '../log'
import { noTimers, retryAfter, startEvery, stopTimers, type PeriodicTimers } from '../periodic-timers'
import { processSingleton } from '../process-singleton'

export const INTERVAL_MINUTES = 60
const INTERVAL_MS = INTERVAL_MINUTES * 60_000
// A run that started this recently anywhere counts as this period's run.
const RECENT_MS = INTERVAL_MS - 5 * 60_000

interface ScheduleState extends PeriodicTimers {
  nextRun: Date | null
  current: Promise<void> | null
}
const state = () =>
  processSingleton<ScheduleState>('housekeeping.schedule', () => ({ ...noTimers(), nextRun: null, current: null }))

export function scheduleInfo(): { running: boolean; nextRun: Date | null } {
  const s = state()
  return { running: s.timer !== null, nextRun: s.nextRun }
}

export function startHousekeepingSchedule(): void {
  const s = state()
  if (!startEvery(s, INTERVAL_MS, () => track(scheduledRun('schedule')))) return
  s.nextRun = new Date(Date.now() + INTERVAL_MS)
  track(scheduledRun('startup'))
}

function track(run: Promise<void>): void {
  const s = state()
  const tracked: Promise<void> = run.finally(() => {
    if (s.current === tracked) s.current = null
  })
  s.current = tracked
}

/** Stops the schedule and waits (at most `waitMs`) for a run of this process to finish, so it releases its lock. */
export async function stopHousekeepingSchedule(waitMs = 5_000): Promise<void> {
  const s = state()
  stopTimers(s)
  s.nextRun = null
  if (s.current) await Promise.race([s.current, new Promise((resolve) => setTimeout(resolve, waitMs).unref())])
}

async function scheduledRun(trigger: Trigger): Promise<void> {
  const s = state()
  if (trigger === 'schedule') s.nextRun = new Date(Date.now() + INTERVAL_MS)
  try {
    if (trigger === 'schedule' && (await ranRecently())) return
    const results = await runHousekeeping(trigger)
    const failed = Object.entries(results.tasks)
      .filter(([, r]) => 'error' in r)
      .map(([name]) => name)
    log.info(
      `Housekeeping (${trigger}) finished in ${results.totalDuration} ms${failed.length ? `; failed: ${failed.join(', ')}` : ''}`,
    )
  } catch (err) {
    if (err instanceof HousekeepingBusyError) return skipped(trigger, err)
    log.error(`Housekeeping (${trigger}) failed`, err)
  }
}

/** One line naming the holder; a start-up run tries once more when the holder's lease ends (it may have crashed). */
function skipped(trigger: Trigger, err: HousekeepingBusyError): void {
  const s = state()
  const until = err.holder?.expiresAt
  const retry = trigger === 'startup' && until && s.timer !== null
  log.info(
    `Housekeeping (${trigger}) skipped: the lock is held by ${err.holder?.owner ?? 'another run'}` +
      `${until ? ` until ${until.toISOString()}` : ''}${retry ? '; retrying then' : ''}`,
  )
  if (!retry) return
  retryAfter(s, Math.max(0, until.getTime() - Date.now()) + 1_000, () => track(scheduledRun('startup')))
}

async function ranRecently(): Promise<boolean> {
  const db = await getDb()
  const since = new Date(Date.now() - RECENT_MS)
  return (await db.housekeepingRun.count({ where: { startedAt: { gte: since } } })) > 0
}
