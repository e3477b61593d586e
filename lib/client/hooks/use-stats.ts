'use client'
// The public statistics as SWR resources, keyed by their API address. The page renders the first figures;
// these hooks keep them fresh.
import useSWR from 'swr'
import type { HourlyStats, StatsOverview } from '@/lib/stats/types'
import { publicApi, publicPaths } from '../api'

const REFRESH_MS = 5 * 60_000

/** The overview, refreshed every 5 minutes; on a failure the last figures stay and `error` is set. */
export function useStatsOverview(initial: StatsOverview) {
  return useSWR(publicPaths.stats(), publicApi.statsOverview, {
    fallbackData: initial,
    refreshInterval: REFRESH_MS,
    revalidateOnMount: false,
    revalidateOnFocus: false,
  })
}

/** Hour by hour over `hours`; `initial` covers its own range, another range is fetched when chosen. */
export function useHourlyStats(hours: number, initial: HourlyStats) {
  return useSWR(publicPaths.hourlyStats(hours), () => publicApi.hourlyStats(hours), {
    fallbackData: hours === initial.hours ? initial : undefined,
    revalidateOnMount: false,
    revalidateOnFocus: false,
    // Hourly failures are only logged: the charts keep what they show.
    onError: (err) => console.error('hourly statistics failed:', err),
  })
}
