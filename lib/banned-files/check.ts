// The banned-file check of a new post's upload, run after the file is received and processed and before anything is
// stored: the same bytes (as uploaded or as they would be stored) or an image within PHASH_MAX_DISTANCE of a banned
// one is refused with 403 "File banned", on every board. An entry with banPoster also bans the uploader on every
// board (the visitor gets the usual ban answer) when the bytes match exactly: a perceptual match is refused without
// a ban, since a different picture that looks alike (the same template, another caption) must not cost anyone a ban
// no staff member decided. Logged-in staff are refused but never banned.
import { bannedEntries, type BannedEntry } from './entries'
import { PHASH_MAX_DISTANCE, hammingDistance, hashHalves, perceptualHash, sha256Hex } from './fingerprint'
import { assertNotBanned } from '../bans/check'
import { DEFAULT_DURATION, expiryFor } from '../bans/durations'
import { getDb } from '../db/client'
import { ForbiddenError } from '../errors'
import { publish } from '../events/bus'
import type { ProcessedMedia } from '../media/process'
import { ipKey } from '../net/ip'
import { logAction } from '../staff/action-log'

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
  if (match.entry.banPoster && match.exact && !(await uploader.banExempt?.())) {
    await banUploader(uploader, match.entry)
    // The visitor gets the same answer as for any ban, appeal form included.
    await assertNotBanned(uploader.boardId, uploader.ip)
  }
  throw new ForbiddenError(FILE_BANNED)
}

/** A ban made by a banned-file entry: every board, no staff member, logged like any ban. */
async function banUploader({ boardId, ip }: Uploader, entry: BannedEntry) {
  const db = await getDb()
  const expires = expiryFor(entry.banDuration ?? DEFAULT_DURATION)
  const reason = `Uploaded a banned file: ${entry.reason}`
  await db.$transaction(async (tx) => {
    const ban = await tx.ban.create({
      data: {
        ipAddress: ip,
        ipKey: ipKey(ip),
        boardId: null,
        reason,
        expiresAt: expires ? new Date(expires) : null,
        adminUsername: `Banned file #${entry.id}`,
      },
    })
    await logAction(tx, {
      actionType: 'banned',
      staff: null,
      boardId,
      banId: ban.id,
      ipAddress: ip,
      reason,
      details: { banned_file_id: entry.id },
    })
  })
  publish({ name: 'bans_changed', payload: { boardId: null, threadId: null } })
}
