'use client'
// The staff resources the admin screens read, as SWR resources keyed by their API address (plus the mount, for
// lists the page rendered), refreshed on demand (`mutate`) after a write or a live change.
import { useEffect, useRef, useState } from 'react'
import useSWR from 'swr'
import type { BannedFileDto } from '@/lib/banned-files/manage'
import type { FilterDto } from '@/lib/filters/manage'
import type { AdminUser } from '@/lib/staff/types'
import { ApiError, errorBodyOf, staffApi, staffPaths, type IpHistory } from '../api'
import type { HousekeepingStatus, PostRef, PublicRangeBan, RangeBanStats } from '../api/bodies'

const QUIET = { revalidateOnFocus: false, shouldRetryOnError: false } as const

/** What the admin screens show for a failed load: the server's sentence, or `fallback`. */
export function loadError(err: unknown, fallback: string): string | null {
  if (!err) return null
  return errorBodyOf(err)?.error ?? fallback
}

/** The open reports on the caller's boards, filtered; loaded again whenever `version` (the live counts) changes. */
export function useReportQueue(filters: { board: string; category: string }, version: unknown) {
  const swr = useSWR(staffPaths.reports(filters), () => staffApi.reports(filters), QUIET)
  const { mutate } = swr
  const seen = useRef(version)
  useEffect(() => {
    if (seen.current === version) return // the first load is SWR's own
    seen.current = version
    void mutate()
  }, [version, mutate])
  return swr
}

let mounts = 0

/**
 * What a staff page rendered on the server and its screen keeps current: the server's copy is the first paint, and
 * every mount of the screen (a navigation back to it included) loads it again. The key is the API address and
 * the mount, so a copy cached on an earlier visit is never shown in place of the newer one the server just
 * rendered. `initial` undefined (the server could not load it): nothing to show until the load answers.
 */
function useRendered<T>(path: string, load: () => Promise<T>, initial: T | undefined) {
  const [mount] = useState(() => ++mounts)
  return useSWR([path, mount], load, { ...QUIET, fallbackData: initial, revalidateOnMount: true })
}

/** The word filters. */
export function useFilters(initial: FilterDto[]) {
  return useRendered(staffPaths.filters(), async () => (await staffApi.filters()).filters, initial)
}

export type RangeBanData = { rangebans: PublicRangeBan[]; stats: RangeBanStats }

/** The range bans in force with their statistics, loaded together so the table, the grid and the counts agree.
 *  When both loads fail, the list's refusal is the error. */
export function useRangeBans(initial: RangeBanData | null) {
  return useRendered(
    staffPaths.rangeBans(),
    async (): Promise<RangeBanData> => {
      const [list, counts] = await Promise.allSettled([staffApi.rangeBans(), staffApi.rangeBanStats()])
      if (list.status === 'rejected') throw list.reason
      if (counts.status === 'rejected') throw counts.reason
      return { rangebans: list.value.rangebans, stats: counts.value.stats }
    },
    initial ?? undefined,
  )
}

/** Every staff account. */
export function useStaffUsers(initial: AdminUser[]) {
  return useRendered(staffPaths.users(), async () => (await staffApi.users()).users, initial)
}

/** The housekeeping schedule and the run in progress, if any. */
export function useHousekeepingStatus(initial: HousekeepingStatus) {
  return useRendered(staffPaths.housekeepingStatus(), async () => (await staffApi.housekeepingStatus()).status, initial)
}

/** The banned-file list, starting from the list the page rendered. */
export function useBannedFiles(initial: BannedFileDto[]) {
  return useSWR(staffPaths.bannedFiles(), async () => (await staffApi.bannedFiles()).files, {
    ...QUIET,
    fallbackData: initial,
    revalidateOnMount: false,
  })
}

/** A post's address and that address's moderation history (the address lookup is audited by the server). */
export function useModHistory(post: PostRef) {
  return useSWR(
    staffPaths.postIp(post.postId, post.boardId, post.threadId),
    async (): Promise<{ ip: string; history: IpHistory }> => {
      let ip: string
      try {
        ip = (await staffApi.postIp(post)).ip_address
      } catch (err) {
        throw new Error(errorBodyOf(err)?.error ?? 'Failed to fetch IP address')
      }
      try {
        return { ip, history: await staffApi.ipHistory(ip) }
      } catch (err) {
        throw new Error(
          err instanceof ApiError && err.status === 403
            ? 'Not authorized to view IP history'
            : 'Failed to fetch IP history',
        )
      }
    },
    QUIET,
  )
}
