// Files are content-addressed, so one stored file may be shared by many posts, and an upload finds its file already
// there (and stores nothing) when someone posted the same bytes before. Deleting a file that nothing references
// would then race with an upload of the same bytes whose post is not committed yet. Two rules keep a committed
// post's file from going missing:
// - A file is deleted only inside a transaction that holds the file's lock exclusively and has checked, after taking
//   it, that nothing references the file (deleteIfUnreferenced, release.ts).
// - The transaction that stores a post with a file holds the file's lock shared, and once it has committed the post
//   stores the file again if it is gone (restoreIfDeleted, store.ts).
// The lock orders the two: a deletion that took it first was over before the post committed, so the post's check
// finds the file missing and stores it again; a post that took it first had committed when the deletion's check ran,
// so the check sees it and keeps the file.
//
// A post on SQLite skips its look after the commit when no deletion ran meanwhile: an SQLite site runs one server
// process (a second one would not hear the first's events either: its cached pages would go stale), so the process
// knows every deletion there is.
//
// On PostgreSQL the lock is an advisory lock per file, held until the transaction ends. Shared holders never wait
// for each other, and a deletion holds one file's lock and waits for nothing else, so no two transactions can wait
// for each other in a circle. On SQLite transactions already run one at a time in this process
// (lib/db/sqlite-serialized.ts), which is the same exclusion.
import { createHash } from 'node:crypto'
import { getConfig } from '../config'
import type { RawSql } from '../db/driver-sql'
import { processSingleton } from '../process-singleton'

/** The keys given, once each, without the null ones (a post without a thumbnail). */
export const presentKeys = (keys: readonly (string | null | undefined)[]): string[] => [
  ...new Set(keys.filter((k): k is string => Boolean(k))),
]

/** The advisory lock's 64-bit key of a stored file (its own namespace: the duplicate rule hashes other strings). */
const lockKeyOf = (mediaKey: string) => createHash('sha256').update(`media:${mediaKey}`).digest().readBigInt64BE(0)

/**
 * Takes the locks of the given files (null entries are skipped) until the transaction ends: `shared` by a post that
 * refers to them, `exclusive` by a deletion. Nothing to do on SQLite.
 */
export async function lockMediaFiles(
  tx: RawSql,
  keys: readonly (string | null | undefined)[],
  mode: 'shared' | 'exclusive',
): Promise<void> {
  if (getConfig().database.provider !== 'postgresql') return
  const locks = presentKeys(keys).map(lockKeyOf).join(',')
  if (!locks) return
  // One round trip for all of them. The lock functions return void, which the driver cannot read: count them.
  if (mode === 'shared')
    await tx.$queryRaw`SELECT count(pg_advisory_xact_lock_shared(k))::int AS locked
      FROM unnest(string_to_array(${locks}, ',')::bigint[]) AS k`
  else
    await tx.$queryRaw`SELECT count(pg_advisory_xact_lock(k))::int AS locked
      FROM unnest(string_to_array(${locks}, ',')::bigint[]) AS k`
}

/** Deletions of stored files this process has attempted, each counted once it is over (see deletedSince). */
const deletions = () => processSingleton('media-file-deletions', () => ({ count: 0 }))

/** Counts a deletion once its attempt is over, whether it succeeded or not. */
export function countDeletion(): void {
  deletions().count++
}

/** A mark taken before an upload checks whether its files are stored, for deletedSince after the commit. */
export const deletionMark = (): number => deletions().count

/**
 * Whether the files an upload found or stored after `mark` may have been deleted since: always on PostgreSQL, where
 * other processes delete too; on SQLite only when a deletion ended since (one that ended before the mark was over
 * before the upload looked, so the upload found its file missing and stored it).
 */
export function deletedSince(mark: number): boolean {
  return getConfig().database.provider === 'postgresql' || deletions().count !== mark
}
