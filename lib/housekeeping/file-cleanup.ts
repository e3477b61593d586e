// Housekeeping's file task: every object in the active media storage that nothing references and
// that is older than an hour is deleted. Younger objects may belong to an upload whose post is not committed yet.
// Objects are checked in batches, so memory stays bounded however large the bucket is.
import { join, raw, sqltag } from '@prisma/client/runtime/client'
import { getDb } from '../db/client'
import { log } from '../log'
import { deleteIfUnreferenced } from '../media/release'
import { getStorage, type StoredObject } from '../media/storage'
import { HOUR_MS } from '../time'

export const ORPHAN_MIN_AGE_MS = HOUR_MS
// keysReferencedByPosts makes two columns per key: PostgreSQL allows 1,664, SQLite 2,000.
const BATCH = 500

export interface FileCleanupResult {
  totalFiles: number
  /** Stored files that a post, a ban in force or an unexpired snapshot references (counted during the walk). */
  databaseImages: number
  orphanedFiles: number
  deletedFiles: number
  /** Temporary files of interrupted writes (a crash between write and rename), removed once an hour old. */
  tempFilesDeleted: number
  errors: number
}

export async function cleanupFiles(now: Date): Promise<FileCleanupResult> {
  const storage = await getStorage()
  const kept = await keysKeptOutsidePosts(now)
  const result: FileCleanupResult = {
    totalFiles: 0,
    databaseImages: 0,
    orphanedFiles: 0,
    deletedFiles: 0,
    tempFilesDeleted: 0,
    errors: 0,
  }
  const cutoff = now.getTime() - ORPHAN_MIN_AGE_MS

  // Every stored object is looked up (its batch's one indexed query), so the referenced count comes from the walk
  // itself: counting all posts' distinct files instead grows with the database and once outlasted the statement
  // timeout on a million posts. Only objects older than the cutoff may be deleted.
  let batch: StoredObject[] = []
  const flush = async () => {
    const referenced = await keysReferencedByPosts(batch.map((o) => o.key))
    for (const { key, lastModified } of batch) {
      if (referenced.has(key) || kept.has(key)) {
        result.databaseImages++
        continue
      }
      if (lastModified.getTime() > cutoff) continue
      result.orphanedFiles++
      try {
        // Checked once more under the file's lock: a new post may have reused the same (content-addressed) file.
        if (await deleteIfUnreferenced(key, now)) result.deletedFiles++
      } catch (err) {
        result.errors++
        log.error(`housekeeping: could not delete media ${key}`, err)
      }
    }
    batch = []
  }
  for await (const object of storage.list()) {
    result.totalFiles++
    batch.push(object)
    if (batch.length >= BATCH) await flush()
  }
  if (batch.length) await flush()
  if (storage.removeStaleTempFiles) {
    try {
      result.tempFilesDeleted = await storage.removeStaleTempFiles(new Date(cutoff))
    } catch (err) {
      result.errors++
      log.error('housekeeping: could not remove stale temporary media files', err)
    }
  }
  return result
}

/** Files kept by bans in force and unexpired moderation snapshots (few rows: held in memory). */
async function keysKeptOutsidePosts(now: Date): Promise<Set<string>> {
  const db = await getDb()
  const storage = await getStorage()
  const [bans, snapshots] = await Promise.all([
    db.ban.findMany({
      where: { postImageUrl: { not: null }, isActive: true, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
      select: { postImageUrl: true },
    }),
    db.moderationSnapshot.findMany({
      where: { mediaKey: { not: null }, expiresAt: { gt: now } },
      select: { mediaKey: true },
    }),
  ])
  const keys = new Set<string>()
  for (const b of bans) {
    const key = storage.keyFromUrl(b.postImageUrl!)
    if (key) keys.add(key)
  }
  for (const s of snapshots) keys.add(s.mediaKey!)
  return keys
}

/**
 * Which of a batch of keys a post uses: one row whose columns probe, for each key, the `media_key` and the
 * `thumbnail_key` index for one post. Reading the posts that use them instead grows with how many share a file (a
 * repost's file is stored once): 1.3 s at 1M posts in the growth bench, where a few files are shared by a quarter
 * of the posts. Each key is bound into its own probe, so the planner judges each value: probes correlated to a
 * list of keys were planned by the average key's frequency, as a scan that stops at the first match, which for a key
 * no post uses is a scan of every post (90 ms at 100k posts on PostgreSQL).
 */
async function keysReferencedByPosts(keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set()
  const db = await getDb()
  const probes = keys.map(
    (key, i) =>
      sqltag`(SELECT 1 FROM posts WHERE media_key = ${key} LIMIT 1) AS ${raw(`m${i}`)},
        (SELECT 1 FROM posts WHERE thumbnail_key = ${key} LIMIT 1) AS ${raw(`t${i}`)}`,
  )
  const [row] = await db.$queryRaw<Record<string, unknown>[]>`SELECT ${join(probes, ', ')}`
  return new Set(keys.filter((_, i) => row[`m${i}`] != null || row[`t${i}`] != null))
}
