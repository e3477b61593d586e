// Frees stored media once nothing needs it: files are content-addressed, so another post may share one, and a
// ban in force or an unexpired moderation snapshot keeps its file. Call after commit.
import { countDeletion, lockMediaFiles, presentKeys } from './file-locks'
import { getStorage } from './storage'
import { getConfig } from '../config'
import { getDb, type Db, type Prisma } from '../db/client'
import { log } from '../log'

/** True while a post, a ban in force or an unexpired moderation snapshot refers to the stored file. */
async function isMediaReferenced(db: Db | Prisma.TransactionClient, key: string, now: Date): Promise<boolean> {
  const url = (await getStorage()).publicUrl(key)
  // Whether any post refers to it, not how many: one index probe each, however many posts share the file.
  const [file, thumbnail, bans, snapshots] = await Promise.all([
    db.post.findFirst({ where: { mediaKey: key }, select: { id: true } }),
    db.post.findFirst({ where: { thumbnailKey: key }, select: { id: true } }),
    db.ban.count({
      where: { postImageUrl: url, isActive: true, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
    }),
    db.moderationSnapshot.count({ where: { mediaKey: key, expiresAt: { gt: now } } }),
  ])
  return file !== null || thumbnail !== null || bans + snapshots > 0
}

/**
 * How long a deletion may hold its file's lock. The storage call inside it must end first, or a post could commit,
 * find the file still there, and lose it to the late deletion: S3's worst case is two attempts of 2 s to connect and
 * 5 s to answer (s3-storage.ts); a local file goes at once. Meanwhile, on SQLite, the process's other transactions
 * wait (one runs at a time), and on PostgreSQL the deletion holds a pooled connection.
 */
const DELETION_HOLD_MS = 30_000

/**
 * Deletes the stored file unless something refers to it; true when it was deleted. The check and the deletion run
 * under the file's lock (file-locks.ts), so a post committing the same file meanwhile either is seen by the check
 * or finds the file gone after its commit and stores it again. A failed deletion throws.
 */
export async function deleteIfUnreferenced(key: string, now = new Date()): Promise<boolean> {
  const [db, storage] = await Promise.all([getDb(), getStorage()])
  return db.$transaction(
    async (tx) => {
      // The server would otherwise end a transaction idle that long while the storage call runs (lib/db/client.ts).
      if (getConfig().database.provider === 'postgresql')
        await tx.$executeRawUnsafe(`SET LOCAL idle_in_transaction_session_timeout = ${DELETION_HOLD_MS}`)
      await lockMediaFiles(tx, [key], 'exclusive')
      if (await isMediaReferenced(tx, key, now)) return false
      await storage.delete(key).finally(countDeletion)
      return true
    },
    { timeout: DELETION_HOLD_MS },
  )
}

/** Deletes each of the files that nothing refers to any more; returns how many were deleted. Failures are logged. */
export async function releaseMedia(keys: (string | null | undefined)[], now = new Date()): Promise<number> {
  let deleted = 0
  for (const key of presentKeys(keys)) {
    await deleteIfUnreferenced(key, now).then(
      (gone) => void (gone && deleted++),
      (err) => log.error(`media: could not delete ${key}`, err),
    )
  }
  return deleted
}
