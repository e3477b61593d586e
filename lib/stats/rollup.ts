// Roll-ups: every complete UTC hour is summarised once into stats_hourly, and every complete UTC
// day into the daily, per-board and per-country tables; all are kept indefinitely. Both are rolled in order,
// empty hours and days included, so the newest row of each table is its watermark: everything before it is
// rolled up, nothing after. Housekeeping rolls up once an hour (lib/stats/cleanup.ts).
import { firstRawMinute, rawBoardPosts, rawCountries, rawHours, rawVisitors } from './raw-queries'
import {
  dayOfDate,
  dayOfMinute,
  dayStart,
  hourOfDate,
  hourOfMinute,
  hourStart,
  minuteOf,
  MINUTES_PER_DAY,
  MINUTES_PER_HOUR,
} from './time'
import { getDb } from '../db/client'

// Page views are written in batches a few seconds late; a period is rolled up only once they have surely arrived.
const LATE_ROWS_MARGIN_MINUTES = 15
// Hours rolled up per statement (bounded bind parameters); a long outage takes several batches.
const HOURS_PER_BATCH = 24 * 7

/** The first day not rolled up yet, or null when nothing was ever rolled up. */
export async function rolledUntilDay(): Promise<number | null> {
  const db = await getDb()
  const last = await db.statsDaily.findFirst({ orderBy: { day: 'desc' }, select: { day: true } })
  return last ? dayOfDate(last.day) + 1 : null
}

/** The first hour not rolled up yet, or null when nothing was ever rolled up. */
export async function rolledUntilHour(): Promise<number | null> {
  const db = await getDb()
  const last = await db.statsHourly.findFirst({ orderBy: { hour: 'desc' }, select: { hour: true } })
  return last ? hourOfDate(last.hour) + 1 : null
}

/** Rolls up every complete hour and day not yet rolled up. */
export async function rollUpStats(now: Date): Promise<{ hours: number; days: number }> {
  const settled = minuteOf(now) - LATE_ROWS_MARGIN_MINUTES
  const first = await firstRawMinute()
  return {
    hours: await rollUpHours(hourOfMinute(settled) - 1, first),
    days: await rollUpDays(dayOfMinute(settled) - 1, first),
  }
}

async function rollUpHours(lastComplete: number, firstRaw: number | null): Promise<number> {
  const next = (await rolledUntilHour()) ?? (firstRaw === null ? null : hourOfMinute(firstRaw))
  if (next === null) return 0
  const db = await getDb()
  let rolled = 0
  for (let from = next; from <= lastComplete; from += HOURS_PER_BATCH) {
    const to = Math.min(from + HOURS_PER_BATCH, lastComplete + 1)
    const figures = await rawHours(from * MINUTES_PER_HOUR, to * MINUTES_PER_HOUR)
    const rows = Array.from({ length: to - from }, (_, i) => {
      const f = figures.get(from + i)
      return {
        hour: hourStart(from + i),
        uniqueVisitors: f?.uniqueVisitors ?? 0,
        pageViews: f?.views ?? 0,
        posts: f?.posts ?? 0,
      }
    })
    if (
      !(await insertOnce(
        () => db.statsHourly.createMany({ data: rows }),
        () => db.statsHourly.count({ where: { hour: rows[0].hour } }),
      ))
    )
      break
    rolled += rows.length
  }
  return rolled
}

async function rollUpDays(lastComplete: number, firstRaw: number | null): Promise<number> {
  const next = (await rolledUntilDay()) ?? (firstRaw === null ? null : dayOfMinute(firstRaw))
  if (next === null) return 0
  let rolled = 0
  for (let day = next; day <= lastComplete; day++) {
    if (!(await rollUpDay(day))) break
    rolled++
  }
  return rolled
}

/** Summarises one day in one transaction; false when another process already did. */
async function rollUpDay(day: number): Promise<boolean> {
  const from = day * MINUTES_PER_DAY
  const to = from + MINUTES_PER_DAY
  const [visitors, boards, countries] = await Promise.all([
    rawVisitors(from, to),
    rawBoardPosts(from, to),
    rawCountries(from, to),
  ])
  const posts = [...boards.values()].reduce((a, b) => a + b, 0)
  const date = dayStart(day)
  const db = await getDb()
  return insertOnce(
    () =>
      db.$transaction(async (tx) => {
        // The day's row goes first: a second process rolling the same day fails here and changes nothing.
        await tx.statsDaily.create({
          data: { day: date, uniqueVisitors: visitors.uniqueVisitors, pageViews: visitors.views, posts },
        })
        if (boards.size)
          await tx.statsBoardDaily.createMany({
            data: [...boards].map(([boardId, count]) => ({ day: date, boardId, posts: count })),
          })
        if (countries.size) {
          await tx.statsCountryDaily.createMany({
            data: [...countries].map(([countryCode, f]) => ({
              day: date,
              countryCode,
              uniqueVisitors: f.uniqueVisitors,
              pageViews: f.views,
              uniquePosters: f.uniquePosters,
              posts: f.posts,
            })),
          })
        }
      }),
    () => db.statsDaily.count({ where: { day: date } }),
  )
}

/** Runs an insert that another process may have made first: false when it had (the rows exist), else rethrows. */
async function insertOnce(insert: () => Promise<unknown>, existing: () => Promise<number>): Promise<boolean> {
  try {
    await insert()
    return true
  } catch (err) {
    if (await existing()) return false
    throw err
  }
}
