// Stores processed media content-addressed by SHA-256, so the same file is kept once. Keys look like
// "3f/3f9c…e1.webp"; thumbnails sit beside them as "3f/3f9c…e1-thumb.webp".
import { createHash } from 'node:crypto'
import { deletedSince, deletionMark } from './file-locks'
import type { ProcessedMedia } from './process'
import { releaseMedia } from './release'
import { getStorage } from './storage'
import { toStorageError } from './storage-errors'
import { log } from '../log'
import { metrics } from '../metrics/registry'

export interface StoredMedia {
  key: string
  url: string
  thumbnailKey: string | null
  thumbnailUrl: string | null
  /** Keys this upload created (not already present); the ones to remove if the post then fails. */
  created: string[]
  /** Taken before the files were looked for (file-locks.ts: deletionMark). */
  deletionMark: number
}

export const PLACEHOLDERS = { video: '/placeholders/video.svg', audio: '/placeholders/audio.svg' } as const

/**
 * Stores the file and its thumbnail (`bodySha256`: the stored bytes' digest, when the caller has it). When storage
 * fails, whatever this upload already stored is removed again (no file without its thumbnail) and a
 * StorageFullError (507) or StorageUnavailableError (503) is thrown.
 */
export async function storeMedia(media: ProcessedMedia, bodySha256?: string): Promise<StoredMedia> {
  const storage = await getStorage().catch((err) => {
    throw toStorageError(err)
  })
  const hash = bodySha256 ?? createHash('sha256').update(media.body).digest('hex')
  const key = `${hash.slice(0, 2)}/${hash}.${media.detected.ext}`
  const thumbnailKey = media.thumbnail ? `${hash.slice(0, 2)}/${hash}-thumb.webp` : null
  const created: string[] = []
  const mark = deletionMark()
  try {
    if (!(await storage.exists(key))) {
      await storage.put(key, media.body, media.detected.mime)
      created.push(key)
    }
    if (thumbnailKey && media.thumbnail && !(await storage.exists(thumbnailKey))) {
      await storage.put(thumbnailKey, media.thumbnail, 'image/webp')
      created.push(thumbnailKey)
    }
  } catch (err) {
    const failure = toStorageError(err)
    await releaseMedia(created)
    throw failure
  }
  metrics().uploads.inc({ type: media.detected.mime })
  const placeholder = media.detected.fileType === 'image' ? null : PLACEHOLDERS[media.detected.fileType]
  return {
    key,
    url: storage.publicUrl(key),
    thumbnailKey,
    thumbnailUrl: thumbnailKey ? storage.publicUrl(thumbnailKey) : placeholder,
    created,
    deletionMark: mark,
  }
}

/**
 * Called once the post that refers to the stored files has committed: stores again whichever of them a deletion
 * removed between the upload and the commit (file-locks.ts says why that can happen and why this is enough). The
 * post stands either way: a failure here is logged, not thrown.
 */
export async function restoreIfDeleted(media: ProcessedMedia, stored: StoredMedia): Promise<void> {
  if (!deletedSince(stored.deletionMark)) return
  const files: [string | null, Buffer | null, string][] = [
    [stored.key, media.body, media.detected.mime],
    [stored.thumbnailKey, media.thumbnail, 'image/webp'],
  ]
  try {
    const storage = await getStorage()
    await Promise.all(
      files.map(async ([key, body, type]) => {
        if (!key || !body || (await storage.exists(key))) return
        await storage.put(key, body, type)
        metrics().mediaRestores.inc({ outcome: 'restored' })
      }),
    )
  } catch (err) {
    metrics().mediaRestores.inc({ outcome: 'failed' })
    log.error(`media: a new post's file ${stored.key} was deleted meanwhile and could not be stored again`, err)
  }
}
