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
  /** Exact tags ("thread:12"), and prefixes of wildcard tags ("board:" for "board:*"). */
  exact: Map<string, number>
  prefixes: Map<string, number>
  all?: number
}

const seconds = (ms: number) => Math.floor(ms / 1000)

function stamps(): Stamps {
  return processSingleton('fourchan-last-modified', () => {
    const state: Stamps = { since: seconds(Date.now()), exact: new Map(), prefixes: new Map() }
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
  if (tags === 'all') {
    state.all = next(Math.max(state.all ?? 0, ...state.exact.values(), ...state.prefixes.values()))
    return
  }
  for (const tag of tags) {
    if (tag.endsWith(':*')) {
      const prefix = tag.slice(0, -1)
      const matching = [...state.exact].filter(([t]) => t.startsWith(prefix)).map(([, s]) => s)
      state.prefixes.set(prefix, next(Math.max(state.prefixes.get(prefix) ?? 0, state.all ?? 0, ...matching)))
    } else {
      state.exact.set(tag, next(changedAt(state, [tag])))
    }
  }
}

/** The latest stamp of any of the tags, or undefined when no event touched them. */
export function changedAt(state: Stamps, tags: string[]): number | undefined {
  let latest = state.all
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

export const newStamps = (since: number): Stamps => ({ since, exact: new Map(), prefixes: new Map() })
