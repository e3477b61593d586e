// The banned-file check of a new post's upload, run after the file is received and processed and before anything is
// stored: the same bytes (as uploaded or as they would be stored) or an image within PHASH_MAX_DISTANCE of a banned
// one is refused with 403 "File banned", on every board. An entry with banPoster also bans the uploader on every
// board (the visitor gets the usual ban answer) when the bytes match exactly: a perceptual match is refused without
// a ban, since a different picture that looks alike (the same template, another caption) must not cost anyone a ban
// no staff member decided. Logged-in staff are refused but never banned.
import { bannedEntries, type BannedEntry } from './entries'
import { PHASH_MAX_DISTANCE, hammingDistance, hashHalves, perceptualHash, sha256Hex } from './fingerprint'
import { createAutomaticBan } from '../bans/automatic-ban'
import { assertNotBanned } from '../bans/check'
import { DEFAULT_DURATION } from '../bans/durations'
import { ForbiddenError } from '../errors'
import type { ProcessedMedia } from '../media/process'

export const FILE_BANNED = 'File banned'

export interface UploadToCheck {
  /** Hex SHA-256 of the bytes as uploaded. */
  sha256: string
  processed: Pick<ProcessedMedia, 'body' | 'thumbnail' | 'detected'>
}

export interface Uploader {
  boardId: string
  ip: string
  /** Asked only when an entry bans its uploader: logged-in staff are not banned. */
  banExempt?: () => Promise<boolean>
}

export interface BannedMatch {
  entry: BannedEntry
  /** True for the same bytes (as uploaded or as stored), false for an image within the perceptual distance. */
  exact: boolean
}

/** The entry an upload matches, or null. Digests first (a map lookup); images then by perceptual hash. */
export async function matchBannedFile(upload: UploadToCheck): Promise<BannedMatch | null> {
  const { entries, byDigest } = await bannedEntries()
  if (!entries.length) return null
  const byBytes = byDigest.get(upload.sha256) ?? byDigest.get(sha256Hex(upload.processed.body))
  if (byBytes) return { entry: byBytes, exact: true }
  const { processed } = upload
  if (processed.detected.fileType !== 'image' || !processed.thumbnail) return null
  if (!entries.some((e) => e.phash)) return null
  const hex = await perceptualHash(processed.thumbnail)
  if (!hex) return null
  const hash = hashHalves(hex)
  const near = entries.find((e) => e.phash && hammingDistance(e.phash, hash) <= PHASH_MAX_DISTANCE)
  return near ? { entry: near, exact: false } : null
}

/** For attachMedia: refuses (throws) a banned upload before it is stored. */
export const refuseBannedFiles = (uploader: Uploader) => async (upload: UploadToCheck) => {
  const match = await matchBannedFile(upload)
  if (!match) return
  const { entry } = match
  if (entry.banPoster && match.exact && !(await uploader.banExempt?.())) {
    await createAutomaticBan({
      ip: uploader.ip,
      boardId: uploader.boardId,
      banBoard: null,
      reason: `Uploaded a banned file: ${entry.reason}`,
      duration: entry.banDuration ?? DEFAULT_DURATION,
      madeBy: `Banned file #${entry.id}`,
      details: { banned_file_id: entry.id },
    })
    // The visitor gets the same answer as for any ban, appeal form included.
    await assertNotBanned(uploader.boardId, uploader.ip)
  }
  throw new ForbiddenError(FILE_BANNED)
}
