// The public statistics as served: computed at most once per STATS_REFRESH_SECONDS (5 minutes by
// default) per process, by one computation however many readers ask meanwhile. Page views still waiting in this
// process's buffer are written first, so the figures include every view this process has served.
import { getConfig } from '../config'
import { computeHourly, computeOverview } from './compute'
import { flushPageViews } from './page-views'
import type { HourlyStats, StatsOverview } from './types'
import { processSingleton } from '../process-singleton'

interface Snapshot {
  overview: StatsOverview
  hourly: HourlyStats
  at: number
}

async function snapshot(): Promise<Snapshot> {
  const holder = processSingleton<{ current?: Snapshot; computing?: Promise<Snapshot> }>('stats.snapshot', () => ({}))
  const maxAge = getConfig().statsRefreshSeconds * 1000
  if (holder.current && Date.now() - holder.current.at < maxAge) return holder.current
  holder.computing ??= (async () => {
    try {
      await flushPageViews()
      const now = new Date()
      const [overview, hourly] = await Promise.all([computeOverview(now), computeHourly(now)])
      return (holder.current = { overview, hourly, at: now.getTime() })
    } finally {
      holder.computing = undefined
    }
  })()
  return holder.computing
}

export async function getStatsOverview(): Promise<StatsOverview> {
  return (await snapshot()).overview
}

/** The last `hours` hours (1–168) of the hourly series. */
export async function getHourlyStats(hours: number): Promise<HourlyStats> {
  const { hourly } = await snapshot()
  return {
    hours,
    data: { views: hourly.data.views.slice(-hours), posts: hourly.data.posts.slice(-hours) },
    lastUpdated: hourly.lastUpdated,
  }
}
