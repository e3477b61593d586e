// The banned-file list as every upload compares against it, kept in memory per process: the list is small (at most
// MAX_BANNED_FILES) and a perceptual match needs every hash anyway, so no per-upload query. A change from any process
// (banned_files_changed, through the event relay) or a lost relay drops the copy and the next upload reloads it;
// a copy older than a minute is reloaded too, which catches rows changed outside the app.
import { hashHalves } from './fingerprint'
import { getDb } from '../db/client'
import { subscribe } from '../events/bus'
import { processSingleton } from '../process-singleton'

const MAX_AGE_MS = 60_000

export interface BannedEntry {
  id: number
  /** Both digests of the entry (as uploaded, as stored). */
  digests: string[]
  phash: [number, number] | null
  banPoster: boolean
  banDuration: string | null
  reason: string
}

interface State {
  loaded: { at: number; entries: BannedEntry[]; byDigest: Map<string, BannedEntry> } | null
  loading: Promise<NonNullable<State['loaded']>> | null
  generation: number
}

const state = () =>
  processSingleton<State>('banned-files', () => {
    const s: State = { loaded: null, loading: null, generation: 0 }
    subscribe('state', (event) => {
      if (event.name === 'banned_files_changed' || event.name === 'events_missed') drop(s)
    })
    return s
  })

function drop(s: State): void {
  s.loaded = null
  s.loading = null
  s.generation++
}

/** Every entry, and the entries by digest. */
export async function bannedEntries(): Promise<NonNullable<State['loaded']>> {
  const s = state()
  if (s.loaded && Date.now() - s.loaded.at >= MAX_AGE_MS) drop(s)
  if (s.loaded) return s.loaded
  if (!s.loading) {
    const generation = s.generation
    s.loading = (async () => {
      const db = await getDb()
      const rows = await db.bannedFile.findMany({ orderBy: { id: 'asc' } })
      const entries = rows.map((r) => ({
        id: r.id,
        digests: [r.sha256, r.storedSha256].filter((d): d is string => Boolean(d)),
        phash: r.phash ? hashHalves(r.phash) : null,
        banPoster: r.banPoster,
        banDuration: r.banDuration,
        reason: r.reason,
      }))
      const byDigest = new Map(entries.flatMap((e) => e.digests.map((d) => [d, e] as const)))
      const loaded = { at: Date.now(), entries, byDigest }
      // A change that arrived during the load makes this copy stale: use it for this upload, keep nothing.
      if (generation === s.generation) s.loaded = loaded
      return loaded
    })().finally(() => {
      if (generation === s.generation) s.loading = null
    })
  }
  return s.loading
}
