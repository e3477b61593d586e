// The media half of creating a post: detect by content (415), process (strip metadata, thumbnail) and store.
// Returns the post's media columns, a cleanup for when the post then fails to commit, and the check to run once it
// has committed (lib/media/file-locks.ts: the transaction storing the post holds its files' locks shared).
import { createHash } from 'node:crypto'
import type { UploadedFile } from '../http/multipart'
import { detectMedia } from '../media/detect'
import { mediaMd5Of } from '../media/md5'
import { originalName } from '../media/original-name'
import { processMedia, type ProcessedMedia } from '../media/process'
import { releaseMedia } from '../media/release'
import { restoreIfDeleted, storeMedia } from '../media/store'

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
  /** The post failed: deletes the files this upload stored, unless a post committed meanwhile refers to them. */
  discard(): Promise<void>
  /** The post committed: stores its files again if a deletion removed them before the commit. */
  committed(): Promise<void>
}

/** A check of the processed upload before anything is stored (the banned-file check); it refuses by throwing. */
export type UploadScreen = (upload: { sha256: string; processed: ProcessedMedia }) => Promise<void>

export async function attachMedia(file: UploadedFile, screen?: UploadScreen): Promise<PostMedia> {
  const detected = await detectMedia(file.buffer, file.filename)
  const processed = await processMedia(file.buffer, detected)
  const sha256 = createHash('sha256').update(file.buffer).digest('hex')
  await screen?.({ sha256, processed })
  // The stored bytes are often the uploaded ones themselves (nothing to strip): then so is their digest.
  const stored = await storeMedia(processed, processed.body === file.buffer ? sha256 : undefined)
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
    discard: async () => void (await releaseMedia(stored.created)),
    committed: () => restoreIfDeleted(processed, stored),
  }
}
