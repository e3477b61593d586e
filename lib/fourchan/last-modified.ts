// Last-Modified of the 4chan files, kept per page-cache tag: every domain event stamps the tags it makes stale
// (the same map the page cache invalidates by), and a file was last modified at the latest stamp of its tags, or
// when this process started watching. A stamp is in whole seconds and always later than the previous stamp of its
// tag, so a second change within one second still moves Last-Modified forward and a poller's If-Modified-Since
// never hides it.
import { subscribe } from '../events/bus'
import { tagsFor } from '../page-cache/routes'
import { processSingleton } from '../process-singleton'

export interface Stamps {
  since: number
  /** Exact tags ("thread:12"), in the order they were last stamped, and prefixes of wildcard tags ("board:"). */
  exact: Map<string, number>
  prefixes: Map<string, number>
  all?: number
  /**
   * The latest stamp of the exact tags forgotten to keep the map bounded (every thread ever posted to would
   * otherwise stay in it for the life of the process). It counts for every tag: a file may then be dated later
   * than its last change, and a poller fetches it once more, but never earlier, which would hide a change.
   */
  forgotten?: number
  /** How many exact tags are kept; the least recently stamped are forgotten first. */
  limit: number
}

/** ≈ 100 bytes each: a few MB for the threads an active site touches between restarts of a day or two. */
const EXACT_STAMPS_KEPT = 50_000

const seconds = (ms: number) => Math.floor(ms / 1000)

function stamps(): Stamps {
  return processSingleton('fourchan-last-modified', () => {
    const state = newStamps(seconds(Date.now()))
    subscribe('state', (event) => stamp(state, tagsFor(event), seconds(Date.now())))
    return state
  })
}

export function stamp(state: Stamps, tags: string[] | 'all', now: number): void {
  // A file untouched by any event is dated `since`, so the first stamp of a tag must pass `since` too: a change in
  // the very second this process started watching would otherwise keep that date, and a poller's copy would hide it.
  const next = (previous: number | undefined) => {
    const floor = Math.max(previous ?? 0, state.since)
    return floor >= now ? floor + 1 : now
  }
  // Maxima by loops, not Math.max(...values): spreading tens of thousands of stamps overflows the stack.
  let latest = Math.max(state.all ?? 0, state.forgotten ?? 0)
  if (tags === 'all') {
    for (const at of state.exact.values()) latest = Math.max(latest, at)
    for (const at of state.prefixes.values()) latest = Math.max(latest, at)
    state.all = next(latest)
    return
  }
  for (const tag of tags) {
    if (tag.endsWith(':*')) {
      const prefix = tag.slice(0, -1)
      let prefixLatest = Math.max(latest, state.prefixes.get(prefix) ?? 0)
      for (const [t, at] of state.exact) if (t.startsWith(prefix)) prefixLatest = Math.max(prefixLatest, at)
      state.prefixes.set(prefix, next(prefixLatest))
    } else {
      const at = next(changedAt(state, [tag]))
      state.exact.delete(tag) // set again below, at the end of the map's order
      state.exact.set(tag, at)
      if (state.exact.size > state.limit) forgetOldest(state)
    }
  }
}

function forgetOldest(state: Stamps): void {
  const oldest = state.exact.entries().next().value
  if (!oldest) return
  state.exact.delete(oldest[0])
  state.forgotten = Math.max(state.forgotten ?? 0, oldest[1])
}

/** The latest stamp of any of the tags, or undefined when no event touched them. */
export function changedAt(state: Stamps, tags: string[]): number | undefined {
  let latest = state.forgotten === undefined ? state.all : Math.max(state.all ?? 0, state.forgotten)
  for (const tag of tags) {
    const candidates = [
      state.exact.get(tag),
      ...[...state.prefixes].filter(([p]) => tag.startsWith(p)).map(([, s]) => s),
    ]
    for (const c of candidates) if (c !== undefined && (latest === undefined || c > latest)) latest = c
  }
  return latest
}

/** Last-Modified of a file with these tags, in seconds since the epoch. */
export function lastModifiedOf(tags: string[]): number {
  const state = stamps()
  return Math.max(state.since, changedAt(state, tags) ?? 0)
}

/** When an event last touched a thread in this process (for its `last_modified`), if one did. */
export function threadChangedAt(threadId: number): Date | undefined {
  const at = changedAt(stamps(), [`thread:${threadId}`])
  return at === undefined ? undefined : new Date(at * 1000)
}

export const newStamps = (since: number, limit = EXACT_STAMPS_KEPT): Stamps => ({
  since,
  exact: new Map(),
  prefixes: new Map(),
  limit,
})
