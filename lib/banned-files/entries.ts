// The banned-file list as every upload compares against it, kept in memory per process: the list is small (at most
// MAX_BANNED_FILES) and a perceptual match needs every hash anyway, so no per-upload query. A change from any process
// (banned_files_changed) or a lost relay drops the copy and the next upload reloads it; a copy older than a minute is
// reloaded too, which catches rows changed outside the app (lib/events/cached-copy.ts).
import { hashHalves } from './fingerprint'
import { getDb } from '../db/client'
import { cachedCopy } from '../events/cached-copy'

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

export interface BannedList {
  entries: BannedEntry[]
  byDigest: Map<string, BannedEntry>
}

async function loadEntries(): Promise<BannedList> {
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
  return { entries, byDigest: new Map(entries.flatMap((e) => e.digests.map((d) => [d, e] as const))) }
}

const list = cachedCopy('banned-files', { changedBy: 'banned_files_changed', maxAgeMs: MAX_AGE_MS, load: loadEntries })

/** Every entry, and the entries by digest. */
export function bannedEntries(): Promise<BannedList> {
  return list().get()
}
