'use client'
// The open-report counts of the staff member's boards, live: a socket joins the staff room (the server checks the
// session cookie) and gets the counts in the acknowledgement, then one `report_count` per change. Rejoined after
// every reconnect, which also refreshes the counts. Without the socket library (offline) there is no badge.
import { createContext, useContext, useEffect, useState } from 'react'
import { openSocket } from './open-socket'

export type ReportCounts = Record<string, number> | null

export function useReportCounts(): ReportCounts {
  const [counts, setCounts] = useState<ReportCounts>(null)
  useEffect(
    () =>
      openSocket({}, (live) => {
        const join = () =>
          live.emit('join_staff', (ack) => {
            if (ack?.ok) setCounts(ack.counts)
          })
        live.on('connect', join)
        live.on('report_count', ({ boardId, open }) => setCounts((c) => ({ ...c, [boardId]: open })))
        // This server may have missed changes: join again for fresh counts.
        live.on('resync', join)
      }),
    [],
  )
  return counts
}

export const totalOf = (counts: ReportCounts) => (counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : null)

/** The admin shell's counts, for the pages inside it (the report queue reloads when they change). */
export const ReportCountsContext = createContext<ReportCounts>(null)
export const useShellReportCounts = () => useContext(ReportCountsContext)
