// The media half of creating a post: detect by content (415), process (strip metadata, thumbnail) and store.
// Returns the post's media columns, and a cleanup for when the post then fails to commit.
import { createHash } from 'node:crypto'
import { getDb } from '../db/client'
import type { UploadedFile } from '../http/multipart'
import { detectMedia } from '../media/detect'
import { mediaMd5Of } from '../media/md5'
import { originalName } from '../media/original-name'
import { processMedia, type ProcessedMedia } from '../media/process'
import { discardMedia, storeMedia } from '../media/store'

export interface PostMedia {
  columns: {
    imageUrl: string
    mediaKey: string
    thumbnailUrl: string | null
    thumbnailKey: string | null
    fileType: string
    mediaMime: string
    mediaSize: number
    mediaWidth: number | null
    mediaHeight: number | null
    mediaOrigName: string
    mediaDuration: number | null
    mediaMd5: string
    mediaSha256: string
  }
  discard(): Promise<void>
}

/** A check of the processed upload before anything is stored (the banned-file check); it refuses by throwing. */
export type UploadScreen = (upload: { sha256: string; processed: ProcessedMedia }) => Promise<void>

export async function attachMedia(file: UploadedFile, screen?: UploadScreen): Promise<PostMedia> {
  const detected = await detectMedia(file.buffer, file.filename)
  const processed = await processMedia(file.buffer, detected)
  const sha256 = createHash('sha256').update(file.buffer).digest('hex')
  await screen?.({ sha256, processed })
  // The stored bytes are often the uploaded ones themselves (nothing to strip): then so is their digest.
  const stored = await storeMedia(processed, referencedByPost, processed.body === file.buffer ? sha256 : undefined)
  return {
    columns: {
      imageUrl: stored.url,
      mediaKey: stored.key,
      thumbnailUrl: stored.thumbnailUrl,
      thumbnailKey: stored.thumbnailKey,
      fileType: detected.fileType,
      mediaMime: detected.mime,
      mediaSize: processed.body.length,
      mediaWidth: processed.width,
      mediaHeight: processed.height,
      mediaOrigName: originalName(file.filename),
      mediaDuration: processed.durationSeconds,
      mediaMd5: mediaMd5Of(processed.body),
      mediaSha256: sha256,
    },
    discard: () => discardMedia(stored, referencedByPost),
  }
}

/** A post stored meanwhile may share the (content-addressed) file: then it stays. */
async function referencedByPost(key: string): Promise<boolean> {
  const db = await getDb()
  return (await db.post.count({ where: { OR: [{ mediaKey: key }, { thumbnailKey: key }] } })) > 0
}
