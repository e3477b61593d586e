// Housekeeping's statsCleanup: roll complete hours and days up, then delete raw rows older than
// 35 days (all of them rolled up by then) and the salts of past days.
import { rollUpStats, rolledUntilDay } from './rollup'
import { discardPastSalts } from './salt'
import { MINUTES_PER_DAY, minuteOf } from './time'
import { getDb } from '../db/client'

const RAW_RETENTION_MINUTES = 35 * MINUTES_PER_DAY

export async function cleanupStats(
  now: Date,
): Promise<{ hoursRolledUp: number; daysRolledUp: number; rowsDeleted: number; saltsDiscarded: number }> {
  const rolled = await rollUpStats(now)
  // Never delete rows of a day that is not rolled up yet (e.g. after the roll-up failed).
  const rolledUntil = (await rolledUntilDay()) ?? 0
  const before = Math.min(minuteOf(now) - RAW_RETENTION_MINUTES, rolledUntil * MINUTES_PER_DAY)
  const db = await getDb()
  const [views, posts] = await Promise.all([
    db.pageView.deleteMany({ where: { minute: { lt: before } } }),
    db.postEvent.deleteMany({ where: { minute: { lt: before } } }),
  ])
  const saltsDiscarded = await discardPastSalts(now)
  return {
    hoursRolledUp: rolled.hours,
    daysRolledUp: rolled.days,
    rowsDeleted: views.count + posts.count,
    saltsDiscarded,
  }
}
