// Frees stored media once nothing needs it: files are content-addressed, so another post may share one, and a
// ban in force or an unexpired moderation snapshot keeps its file. Call after commit.
import { getStorage } from './storage'
import { getDb } from '../db/client'
import { log } from '../log'

/** True while a post, a ban in force or an unexpired moderation snapshot refers to the stored file. */
export async function isMediaReferenced(key: string, now = new Date()): Promise<boolean> {
  const db = await getDb()
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

export async function releaseMedia(keys: (string | null | undefined)[], now = new Date()): Promise<number> {
  const wanted = [...new Set(keys.filter((k): k is string => Boolean(k)))]
  if (!wanted.length) return 0
  const storage = await getStorage()
  let deleted = 0
  for (const key of wanted) {
    if (await isMediaReferenced(key, now)) continue
    await storage.delete(key).then(
      () => deleted++,
      (err) => log.error(`media: could not delete ${key}`, err),
    )
  }
  return deleted
}
