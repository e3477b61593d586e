'use client'
// The current time for texts like "5 minutes ago", shared by every component on the page through one timer.
// Server rendering and hydration see null, so the first render in the browser matches the server's HTML; the
// time arrives right after, then every REFRESH_MS.
import { useSyncExternalStore } from 'react'

const REFRESH_MS = 30_000

let now = 0
let timer: ReturnType<typeof setInterval> | null = null
const listeners = new Set<() => void>()

function tick() {
  now = Date.now()
  for (const l of listeners) l()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  if (!timer) {
    now = Date.now()
    timer = setInterval(tick, REFRESH_MS)
  }
  return () => {
    listeners.delete(listener)
    if (!listeners.size && timer) {
      clearInterval(timer)
      timer = null
    }
  }
}

/** Milliseconds since the epoch, refreshed every 30 s; null during server rendering and hydration. */
export function useNow(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => now || null,
    () => null,
  )
}
