// Computing the public statistics from roll-ups and raw rows; see windows.ts for how a
// window is split between them.
import {
  rawBoardPosts,
  rawCountries,
  rawHours,
  rawVisitors,
  type CountryFigures,
  type HourFigures,
} from './raw-queries'
import { rolledUntilDay, rolledUntilHour } from './rollup'
import { hourOfDate, hourStart, minuteOf, MINUTES_PER_DAY, MINUTES_PER_HOUR } from './time'
import { MAX_HOURS, type HourlyStats, type StatsOverview } from './types'
import { rolledBoardPosts, rolledCountries, rolledVisitors, splitWindow, type WindowParts } from './windows'
import { listBoards } from '../boards/queries'
import { getDb } from '../db/client'
import { countryName } from '../geo/country-names'

const TOP_COUNTRIES = 50
const WINDOW_MINUTES = { hour: MINUTES_PER_HOUR, day: MINUTES_PER_DAY, month: 30 * MINUTES_PER_DAY } as const
type WindowName = keyof typeof WINDOW_MINUTES | 'lifetime'
const WINDOWS: WindowName[] = ['hour', 'day', 'month', 'lifetime']

/** Adds up the figures of a window's parts, each read by `rolled` or `raw`. */
async function overWindow<T>(
  parts: WindowParts,
  rolled: (days: [number, number]) => Promise<T>,
  raw: (from: number, to: number) => Promise<T>,
  add: (a: T, b: T) => T,
  zero: T,
): Promise<T> {
  const figures = await Promise.all([
    ...(parts.days ? [rolled(parts.days)] : []),
    ...parts.raw.map(([f, t]) => raw(f, t)),
  ])
  return figures.reduce(add, zero)
}

const addMaps =
  <V>(addV: (a: V, b: V) => V) =>
  (a: Map<string, V>, b: Map<string, V>) => {
    const out = new Map(a)
    for (const [k, v] of b) out.set(k, out.has(k) ? addV(out.get(k)!, v) : v)
    return out
  }
const addCountry = (a: CountryFigures, b: CountryFigures): CountryFigures => ({
  uniqueVisitors: a.uniqueVisitors + b.uniqueVisitors,
  views: a.views + b.views,
  uniquePosters: a.uniquePosters + b.uniquePosters,
  posts: a.posts + b.posts,
})

/**
 * The TOP_COUNTRIES countries with a non-zero `shown` figure, largest `order` figures first (the first, then the
 * second), ties by country code; each row names the country and carries the figures `row` picks.
 */
function topCountries<T>(
  listed: [string, CountryFigures][],
  shown: keyof CountryFigures,
  [first, second]: [keyof CountryFigures, keyof CountryFigures],
  row: (f: CountryFigures) => T,
) {
  return listed
    .filter(([, f]) => f[shown] > 0)
    .sort(([ca, a], [cb, b]) => b[first] - a[first] || b[second] - a[second] || ca.localeCompare(cb))
    .slice(0, TOP_COUNTRIES)
    .map(([code, f]) => ({ countryCode: code, countryName: countryName(code), ...row(f) }))
}

export async function computeOverview(now: Date): Promise<StatsOverview> {
  const to = minuteOf(now) + 1
  const rolledUntil = await rolledUntilDay()
  const parts = (w: WindowName) => splitWindow(w === 'lifetime' ? null : to - WINDOW_MINUTES[w], to, rolledUntil)

  const [visitors, boardPosts, countries, boards] = await Promise.all([
    Promise.all(
      WINDOWS.map((w) =>
        overWindow(
          parts(w),
          rolledVisitors,
          rawVisitors,
          (a, b) => ({ uniqueVisitors: a.uniqueVisitors + b.uniqueVisitors, views: a.views + b.views }),
          { uniqueVisitors: 0, views: 0 },
        ),
      ),
    ),
    Promise.all(
      WINDOWS.map((w) =>
        overWindow(
          parts(w),
          rolledBoardPosts,
          rawBoardPosts,
          addMaps<number>((a, b) => a + b),
          new Map(),
        ),
      ),
    ),
    overWindow(parts('month'), rolledCountries, rawCountries, addMaps(addCountry), new Map()),
    listBoards(),
  ])
  const [hour, day, month, lifetime] = boardPosts
  const listed = [...countries]
  return {
    overall: {
      uniqueVisitorsLifetime: visitors[3].uniqueVisitors,
      uniqueVisitorsMonth: visitors[2].uniqueVisitors,
      uniqueVisitorsDay: visitors[1].uniqueVisitors,
      uniqueVisitorsHour: visitors[0].uniqueVisitors,
    },
    boards: boards
      .map((b) => ({
        boardId: b.id,
        boardName: b.name,
        postsHour: hour.get(b.id) ?? 0,
        postsDay: day.get(b.id) ?? 0,
        postsMonth: month.get(b.id) ?? 0,
        postsLifetime: lifetime.get(b.id) ?? 0,
      }))
      .sort((a, b) => b.postsLifetime - a.postsLifetime || a.boardId.localeCompare(b.boardId)),
    countries: {
      views: topCountries(listed, 'views', ['uniqueVisitors', 'views'], (f) => ({
        uniqueVisitors: f.uniqueVisitors,
        totalViews: f.views,
      })),
      posts: topCountries(listed, 'posts', ['posts', 'uniquePosters'], (f) => ({
        uniquePosters: f.uniquePosters,
        totalPosts: f.posts,
      })),
    },
    lastUpdated: now.toISOString(),
  }
}

/** The last MAX_HOURS UTC hours, oldest first, zero-filled; the last entry is the current, partial hour. */
export async function computeHourly(now: Date): Promise<HourlyStats> {
  const lastHour = hourOfDate(now)
  const firstHour = lastHour - MAX_HOURS + 1
  // Rolled-up hours come from stats_hourly (their raw rows may be gone), the rest from raw rows.
  const rolledUntil = (await rolledUntilHour()) ?? 0
  const rawFrom = Math.max(firstHour, rolledUntil) * MINUTES_PER_HOUR
  const db = await getDb()
  const [rolled, raw] = await Promise.all([
    db.statsHourly.findMany({
      where: { hour: { gte: hourStart(firstHour), lt: hourStart(Math.max(firstHour, rolledUntil)) } },
    }),
    rawHours(rawFrom, (lastHour + 1) * MINUTES_PER_HOUR),
  ])
  const figures = new Map<number, HourFigures>(raw)
  for (const r of rolled)
    figures.set(hourOfDate(r.hour), { uniqueVisitors: r.uniqueVisitors, views: r.pageViews, posts: r.posts })
  const hours = Array.from({ length: MAX_HOURS }, (_, i) => firstHour + i)
  return {
    hours: MAX_HOURS,
    data: {
      views: hours.map((h) => ({
        hour: hourStart(h).toISOString(),
        unique_visitors: figures.get(h)?.uniqueVisitors ?? 0,
        page_views: figures.get(h)?.views ?? 0,
      })),
      posts: hours.map((h) => ({ hour: hourStart(h).toISOString(), posts_count: figures.get(h)?.posts ?? 0 })),
    },
    lastUpdated: now.toISOString(),
  }
}
