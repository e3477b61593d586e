// A statistics window [from, to) in minutes is answered from two sources: the daily roll-ups for the whole days
// it covers that are rolled up, and the raw rows for the rest (its first partial day, and the days since the last
// roll-up). Daily-salted hashes make the two parts disjoint, so their figures add up.
import type { CountryFigures } from './raw-queries'
import { dayStart, MINUTES_PER_DAY } from './time'
import { getDb } from '../db/client'

export interface WindowParts {
  /** Rolled-up days [fromDay, toDay), or null. */
  days: [number, number] | null
  /** Raw minute ranges [from, to). */
  raw: [number, number][]
}

/** `from` null means since launch. `rolledUntil` is the first day not rolled up (null: none is). */
export function splitWindow(from: number | null, to: number, rolledUntil: number | null): WindowParts {
  const start = from ?? 0
  if (rolledUntil === null) return { days: null, raw: [[start, to]] }
  const firstWholeDay = Math.ceil(start / MINUTES_PER_DAY)
  if (rolledUntil <= firstWholeDay) return { days: null, raw: [[start, to]] }
  const raw: [number, number][] = []
  if (start < firstWholeDay * MINUTES_PER_DAY) raw.push([start, firstWholeDay * MINUTES_PER_DAY])
  if (rolledUntil * MINUTES_PER_DAY < to) raw.push([rolledUntil * MINUTES_PER_DAY, to])
  return { days: [firstWholeDay, rolledUntil], raw }
}

const dayRange = ([from, to]: [number, number]) => ({ gte: dayStart(from), lt: dayStart(to) })

export async function rolledVisitors(days: [number, number]): Promise<{ uniqueVisitors: number; views: number }> {
  const db = await getDb()
  const { _sum } = await db.statsDaily.aggregate({
    where: { day: dayRange(days) },
    _sum: { uniqueVisitors: true, pageViews: true },
  })
  return { uniqueVisitors: _sum.uniqueVisitors ?? 0, views: _sum.pageViews ?? 0 }
}

export async function rolledBoardPosts(days: [number, number]): Promise<Map<string, number>> {
  const db = await getDb()
  const rows = await db.statsBoardDaily.groupBy({
    by: ['boardId'],
    where: { day: dayRange(days) },
    _sum: { posts: true },
  })
  return new Map(rows.map((r) => [r.boardId, r._sum.posts ?? 0]))
}

export async function rolledCountries(days: [number, number]): Promise<Map<string, CountryFigures>> {
  const db = await getDb()
  const rows = await db.statsCountryDaily.groupBy({
    by: ['countryCode'],
    where: { day: dayRange(days) },
    _sum: { uniqueVisitors: true, pageViews: true, uniquePosters: true, posts: true },
  })
  return new Map(
    rows.map((r) => [
      r.countryCode,
      {
        uniqueVisitors: r._sum.uniqueVisitors ?? 0,
        views: r._sum.pageViews ?? 0,
        uniquePosters: r._sum.uniquePosters ?? 0,
        posts: r._sum.posts ?? 0,
      },
    ]),
  )
}
