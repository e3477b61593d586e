// The MD5 of stored files for the 4chan `md5` field. Uploads record it when the file is stored; for rows stored
// before that, it is computed once from the stored file and saved on every post sharing that (content-addressed)
// file. A file storage no longer has is reported as null (the post's file shows as deleted).
import type { Db } from '../db/client'
import type { Post } from '../db/generated/sqlite/client.ts'
import { mediaMd5Of } from '../media/md5'
import { getStorage } from '../media/storage'
import { toStorageError } from '../media/storage-errors'

export async function mediaDigests(db: Db, posts: Post[]): Promise<Map<string, string | null>> {
  const digests = new Map<string, string | null>()
  const missing = new Set<string>()
  for (const p of posts) {
    if (!p.mediaKey) continue
    if (p.mediaMd5) digests.set(p.mediaKey, p.mediaMd5)
    else missing.add(p.mediaKey)
  }
  if (!missing.size) return digests
  const storage = await getStorage().catch((err) => {
    throw toStorageError(err)
  })
  for (const key of missing) {
    if (digests.has(key)) continue
    // Storage that fails (rather than lacking the file) fails the request: a 503 is retried, a "deleted" would stick.
    const body = await storage.read(key).catch((err) => {
      throw toStorageError(err)
    })
    const md5 = body ? mediaMd5Of(body) : null
    digests.set(key, md5)
    if (md5) await db.post.updateMany({ where: { mediaKey: key, mediaMd5: null }, data: { mediaMd5: md5 } })
  }
  return digests
}
