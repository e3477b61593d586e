// Daily roll-ups (contract 5.11): each complete UTC day is summarised once, from its raw rows, into the daily,
// per-board, per-country and hourly tables that are kept indefinitely. Days are rolled in order, empty ones
// included, so the newest stats_daily row is the watermark: every day before it is rolled up, none after.
import { getDb } from '../db/client'
import { firstRawMinute, rawBoardPosts, rawCountries, rawHours, rawVisitors } from './raw-queries'
import { dayOfMinute, dayStart, hourStart, minuteOf, MINUTES_PER_DAY } from './time'

// Page views are written in batches a few seconds late; a day is rolled up only once they have surely arrived.
const LATE_ROWS_MARGIN_MINUTES = 15

/** The first day not rolled up yet, or null when nothing was ever rolled up. */
export async function rolledUntilDay(): Promise<number | null> {
  const db = await getDb()
  const last = await db.statsDaily.findFirst({ orderBy: { day: 'desc' }, select: { day: true } })
  return last ? dayOfMinute(minuteOf(last.day)) + 1 : null
}

/** Rolls up every complete day not yet rolled up; returns how many days it summarised. */
export async function rollUpStats(now: Date): Promise<number> {
  let next = await rolledUntilDay()
  if (next === null) {
    const first = await firstRawMinute()
    if (first === null) return 0
    next = dayOfMinute(first)
  }
  const lastComplete = dayOfMinute(minuteOf(now) - LATE_ROWS_MARGIN_MINUTES) - 1
  let rolled = 0
  for (let day = next; day <= lastComplete; day++) {
    if (!await rollUpDay(day)) break
    rolled++
  }
  return rolled
}

/** Summarises one day in one transaction; false when another process already did. */
async function rollUpDay(day: number): Promise<boolean> {
  const from = day * MINUTES_PER_DAY
  const to = from + MINUTES_PER_DAY
  const [visitors, hours, boards, countries] = await Promise.all([rawVisitors(from, to), rawHours(from, to), rawBoardPosts(from, to), rawCountries(from, to)])
  const posts = [...boards.values()].reduce((a, b) => a + b, 0)
  const date = dayStart(day)
  const db = await getDb()
  try {
    await db.$transaction(async (tx) => {
      // The day's row goes first: a second process rolling the same day fails here and changes nothing.
      await tx.statsDaily.create({ data: { day: date, uniqueVisitors: visitors.uniqueVisitors, pageViews: visitors.views, posts } })
      if (hours.size) {
        await tx.statsHourly.createMany({ data: [...hours].map(([h, f]) => ({ hour: hourStart(h), uniqueVisitors: f.uniqueVisitors, pageViews: f.views, posts: f.posts })) })
      }
      if (boards.size) await tx.statsBoardDaily.createMany({ data: [...boards].map(([boardId, count]) => ({ day: date, boardId, posts: count })) })
      if (countries.size) {
        await tx.statsCountryDaily.createMany({ data: [...countries].map(([countryCode, f]) => ({ day: date, countryCode, uniqueVisitors: f.uniqueVisitors, pageViews: f.views, uniquePosters: f.uniquePosters, posts: f.posts })) })
      }
    })
    return true
  } catch (err) {
    if (await db.statsDaily.count({ where: { day: date } })) return false
    throw err
  }
}
