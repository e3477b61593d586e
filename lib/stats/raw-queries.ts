// Aggregates over the raw statistics rows of a minute range [from, to). Portable SQL: integer minutes, and
// COUNT(DISTINCT …) of daily-salted hashes, which counts (day, visitor) pairs because each day has its own salt.
import { getDb } from '../db/client'

const n = (v: number | bigint | null | undefined) => Number(v ?? 0)

export interface CountryFigures {
  uniqueVisitors: number
  views: number
  uniquePosters: number
  posts: number
}
export interface HourFigures {
  uniqueVisitors: number
  views: number
  posts: number
}

export async function rawVisitors(from: number, to: number): Promise<{ uniqueVisitors: number; views: number }> {
  const db = await getDb()
  const [row] = await db.$queryRaw<{ uniques: number | bigint; views: number | bigint }[]>`
    SELECT COUNT(DISTINCT visitor_hash) AS uniques, SUM(views) AS views
    FROM stats_page_views WHERE minute >= ${from} AND minute < ${to}`
  return { uniqueVisitors: n(row?.uniques), views: n(row?.views) }
}

export async function rawBoardPosts(from: number, to: number): Promise<Map<string, number>> {
  const db = await getDb()
  const rows = await db.postEvent.groupBy({
    by: ['boardId'],
    where: { minute: { gte: from, lt: to } },
    _count: { _all: true },
  })
  return new Map(rows.map((r) => [r.boardId, r._count._all]))
}

/** Figures per UTC hour number (minute / 60). */
export async function rawHours(from: number, to: number): Promise<Map<number, HourFigures>> {
  const db = await getDb()
  const [views, posts] = await Promise.all([
    db.$queryRaw<{ h: number | bigint; uniques: number | bigint; views: number | bigint }[]>`
      SELECT minute / 60 AS h, COUNT(DISTINCT visitor_hash) AS uniques, SUM(views) AS views
      FROM stats_page_views WHERE minute >= ${from} AND minute < ${to} GROUP BY minute / 60`,
    db.$queryRaw<{ h: number | bigint; posts: number | bigint }[]>`
      SELECT minute / 60 AS h, COUNT(*) AS posts
      FROM stats_post_events WHERE minute >= ${from} AND minute < ${to} GROUP BY minute / 60`,
  ])
  const hours = new Map<number, HourFigures>()
  const at = (h: number) => hours.get(h) ?? hours.set(h, { uniqueVisitors: 0, views: 0, posts: 0 }).get(h)!
  for (const r of views) Object.assign(at(n(r.h)), { uniqueVisitors: n(r.uniques), views: n(r.views) })
  for (const r of posts) at(n(r.h)).posts = n(r.posts)
  return hours
}

/** Figures per country code; rows without a known country are left out. */
export async function rawCountries(from: number, to: number): Promise<Map<string, CountryFigures>> {
  const db = await getDb()
  const [views, posts] = await Promise.all([
    db.$queryRaw<{ c: string; uniques: number | bigint; total: number | bigint }[]>`
      SELECT country_code AS c, COUNT(DISTINCT visitor_hash) AS uniques, SUM(views) AS total
      FROM stats_page_views WHERE minute >= ${from} AND minute < ${to} AND country_code IS NOT NULL GROUP BY country_code`,
    db.$queryRaw<{ c: string; uniques: number | bigint; total: number | bigint }[]>`
      SELECT country_code AS c, COUNT(DISTINCT visitor_hash) AS uniques, COUNT(*) AS total
      FROM stats_post_events WHERE minute >= ${from} AND minute < ${to} AND country_code IS NOT NULL GROUP BY country_code`,
  ])
  const countries = new Map<string, CountryFigures>()
  const at = (c: string) =>
    countries.get(c) ?? countries.set(c, { uniqueVisitors: 0, views: 0, uniquePosters: 0, posts: 0 }).get(c)!
  for (const r of views) Object.assign(at(r.c), { uniqueVisitors: n(r.uniques), views: n(r.total) })
  for (const r of posts) Object.assign(at(r.c), { uniquePosters: n(r.uniques), posts: n(r.total) })
  return countries
}

/** The first minute with any raw row, or null when there are none. */
export async function firstRawMinute(): Promise<number | null> {
  const db = await getDb()
  const [v, p] = await Promise.all([
    db.pageView.aggregate({ _min: { minute: true } }),
    db.postEvent.aggregate({ _min: { minute: true } }),
  ])
  const mins = [v._min.minute, p._min.minute].filter((m): m is number => m !== null)
  return mins.length ? Math.min(...mins) : null
}
