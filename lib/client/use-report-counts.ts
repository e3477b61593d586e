'use client'
// The open-report counts of the staff member's boards, live: a socket joins the staff room (the server checks the
// session cookie) and gets the counts in the acknowledgement, then one `report_count` per change. Rejoined after
// every reconnect, which also refreshes the counts.
import { createContext, useContext, useEffect, useState } from 'react'
import type { Socket } from 'socket.io-client'
import type { ClientToServerEvents, ServerToClientEvents } from '@/lib/realtime/events'

export type ReportCounts = Record<string, number> | null

export function useReportCounts(): ReportCounts {
  const [counts, setCounts] = useState<ReportCounts>(null)
  useEffect(() => {
    let socket: Socket<ServerToClientEvents, ClientToServerEvents> | undefined
    let left = false
    void import('socket.io-client').then(
      ({ io }) => {
        if (left) return
        const live: Socket<ServerToClientEvents, ClientToServerEvents> = (socket = io({
          transports: ['websocket', 'polling'],
          reconnectionDelay: 1000,
          reconnectionDelayMax: 5000,
        }))
        live.on('connect', () => {
          live.emit('join_staff', (ack) => {
            if (ack?.ok) setCounts(ack.counts)
          })
        })
        live.on('report_count', ({ boardId, open }) => setCounts((c) => ({ ...c, [boardId]: open })))
        // This server may have missed changes: join again for fresh counts.
        live.on('resync', () =>
          live.emit('join_staff', (ack) => {
            if (ack?.ok) setCounts(ack.counts)
          }),
        )
      },
      () => {
        // The library could not be fetched: no badge.
      },
    )
    return () => {
      left = true
      socket?.close()
    }
  }, [])
  return counts
}

export const totalOf = (counts: ReportCounts) => (counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : null)

/** The admin shell's counts, for the pages inside it (the report queue reloads when they change). */
export const ReportCountsContext = createContext<ReportCounts>(null)
export const useShellReportCounts = () => useContext(ReportCountsContext)
