// Marks of the changes a thread's row does not show: a post's colour, a deletion, a ban mark, a poll or a vote.
// Whatever is kept per thread beyond its row (the read API's thread-list entries, thread-json.ts) is kept under the
// thread's mark and its row together, so any change to either makes it unusable. The marks follow the events that
// name a thread, as the page cache's copies of the thread do (tagsFor in lib/page-cache/routes.ts), from any
// process through the event relay; a lost relay (events_missed) or an event the map does not know marks every one.
//
// A mark is read before the reads it guards: an event arriving during them moves the mark on, and what they made is
// kept under the old one, which nobody asks for again.
import { subscribe } from '../events/bus'
import { type BusEvent, isThreadEvent } from '../events/internal'
import { processSingleton } from '../process-singleton'

/** Threads whose mark is remembered at the most (≈ 50 bytes each); past it they all start again from a new floor. */
const MARKED_MAX = 20_000

interface Marks {
  /** Counts every change seen; each thread's mark is the count at its last change. */
  count: number
  /** The mark of threads not in `last`: the count when they were all marked at once. */
  floor: number
  last: Map<number, number>
}

const marks = () =>
  processSingleton('render.threadChanges', () => {
    const m: Marks = { count: 0, floor: 0, last: new Map() }
    const markAll = () => {
      m.last.clear()
      m.floor = ++m.count
    }
    subscribe('state', (event) => {
      const changed = threadChangedBy(event)
      if (changed === 'all') return markAll()
      if (changed === null) return
      if (m.last.size >= MARKED_MAX) markAll()
      m.last.set(changed, ++m.count)
    })
    return m
  })

/** The thread's current change mark: it moves on with every event that changes what is shown of it. */
export function threadChangeMark(threadId: number): number {
  const m = marks()
  return m.last.get(threadId) ?? m.floor
}

/** The thread whose shown state an event may change, null for none, 'all' when any may have changed. */
function threadChangedBy(event: BusEvent): number | null | 'all' {
  if (isThreadEvent(event)) return event.payload.threadId
  switch (event.name) {
    case 'bans_changed':
      // "USER WAS BANNED FOR THIS POST": set when the ban names a post of the thread.
      return event.payload.threadId
    case 'board_updated':
    case 'filters_changed':
    case 'banned_files_changed':
    case 'reports_changed':
      // A board's settings, the rules and reports: nothing a thread's posts show.
      return null
    default:
      // A lost relay (events_missed), or an event this map does not know: every thread may have changed.
      return 'all'
  }
}
