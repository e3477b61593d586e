'use client'
// The watched threads in local storage (versioned key, read through parseWatcher, so junk reads as an empty list).
// Every change reads the stored value afresh and writes the result back at once, so tabs that hear the same event
// agree; the `storage` event brings other tabs' changes to this one. With storage refused or full, changes build on
// this page's value instead, so they hold until the page is left.
import { storageStore } from './storage-store'
import {
  EMPTY_WATCHER,
  parseWatcher,
  serializeWatcher,
  type WatcherAction,
  type WatcherState,
  watcherReducer,
} from './watcher-state'

const KEY = 'corkboard:watcher:v1'

/** The stored value, or null when storage refuses to be read (disabled, private mode). */
function tryRead(): WatcherState | null {
  try {
    return parseWatcher(localStorage.getItem(KEY))
  } catch {
    return null
  }
}

// Storage refused: the watcher starts empty.
const readStored = () => tryRead() ?? EMPTY_WATCHER

const store = storageStore({
  serverValue: EMPTY_WATCHER,
  read: readStored,
  concerns: (key) => key === KEY || key === null,
})

const NONE: ReadonlySet<number> = new Set()

// True while storage holds less than this page (a write was refused): changes then build on the page's own value,
// not on the stored one, until a write succeeds again.
let behind = false

/** Applies one change; `own` is the reader's own post ids (lib/client/local-state.ts), needed to count posts. */
export function dispatchWatcher(action: WatcherAction, own: ReadonlySet<number> = NONE): void {
  const shown = store.get()
  // Read afresh when storage works (other tabs write too); unreadable or behind, go on from what this page shows.
  const current = (behind ? null : tryRead()) ?? shown
  const next = watcherReducer(current, action, own)
  if (next !== current) {
    try {
      localStorage.setItem(KEY, serializeWatcher(next))
      behind = false
    } catch {
      // Full or refused storage: the change holds for this page only.
      behind = true
    }
  }
  // What was read may differ from what this tab showed (another tab wrote it); unchanged state renders nothing.
  if (serializeWatcher(next) !== serializeWatcher(shown)) store.set(next)
}

/** Marks a watched thread seen up to a post id (nothing happens for a thread not watched). */
export const markWatchedSeen = (boardId: string, threadId: number, upTo: number) =>
  dispatchWatcher({ type: 'seen', boardId, threadId, upTo })

/** The watched threads; empty while rendering on the server, so the shared page HTML never depends on them. */
export function useWatcher(): WatcherState {
  return store.use()
}
