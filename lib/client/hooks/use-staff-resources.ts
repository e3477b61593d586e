'use client'
// The staff resources the admin screens read, as SWR resources keyed by their API address: one cache per address,
// shared by every component that shows it, refreshed on demand (`mutate`) after a write or a live change.
import { useEffect, useRef } from 'react'
import useSWR from 'swr'
import type { BannedFileDto } from '@/lib/banned-files/manage'
import type { FilterDto } from '@/lib/filters/manage'
import { ApiError, errorBodyOf, staffApi, staffPaths, type IpHistory } from '../api'
import type { PostRef } from '../api/bodies'

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

/** The word filters, starting from the list the page rendered. */
export function useFilters(initial: FilterDto[]) {
  return useSWR(staffPaths.filters(), async () => (await staffApi.filters()).filters, {
    ...QUIET,
    fallbackData: initial,
    revalidateOnMount: false,
  })
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
