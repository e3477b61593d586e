'use client'
// A value kept in browser storage that components subscribe to: read on first use in the browser, read again when
// another tab writes one of its keys (the `storage` event; a null key means the storage was cleared). While
// rendering on the server it is always `serverValue`, so the shared page HTML never depends on it.
import { useSyncExternalStore } from 'react'

export interface StorageStore<T> {
  /** The current value, read from storage the first time. */
  get(): T
  /** Replaces the value and re-renders the subscribers (writing it to storage is the caller's part). */
  set(next: T): void
  /** The value as a React hook. */
  use(): T
}

export function storageStore<T>({
  serverValue,
  read,
  concerns,
}: {
  serverValue: T
  read: () => T
  /** Whether a `storage` event for this key (null: storage cleared) changes the value. */
  concerns: (key: string | null) => boolean
}): StorageStore<T> {
  let state = serverValue
  let loaded = false
  const listeners = new Set<() => void>()
  const emit = () => {
    for (const l of listeners) l()
  }
  const subscribe = (l: () => void) => {
    listeners.add(l)
    return () => listeners.delete(l)
  }

  function get(): T {
    if (!loaded && typeof window !== 'undefined') {
      loaded = true
      state = read()
      window.addEventListener('storage', (e) => {
        if (!concerns(e.key)) return
        state = read()
        emit()
      })
    }
    return state
  }

  function set(next: T) {
    state = next
    emit()
  }

  return { get, set, use: () => useSyncExternalStore(subscribe, get, () => serverValue) }
}
