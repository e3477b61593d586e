// The banned-file list for staff (moderator and up). The list is global: a banned file is refused on every board.
// A board-scoped moderator may ban only the file of a post on their boards, deletes (with deletePosts) only posts on
// their boards, and may lift only entries made from a post on their boards; global moderators and admins may lift
// any. Every change is logged (file_ban, file_unban) and reaches every process's copy of the list at once.
import { perceptualHash, storedSha256OfKey } from './fingerprint'
import { MAX_BANNED_FILES, type BanFileInput } from './schemas'
import { assertCanModerate, type Staff } from '../auth/staff'
import { assertMayBan } from '../bans/ban-rules'
import { DEFAULT_DURATION } from '../bans/durations'
import { getDb } from '../db/client'
import { ConflictError, NotFoundError, ValidationError } from '../errors'
import { publish } from '../events/bus'
import { getStorage } from '../media/storage'
import { toStorageError } from '../media/storage-errors'
import { staffDeletePost } from '../moderation/staff-delete'
import { logAction } from '../staff/action-log'

export interface BannedFileDto {
  id: number
  sha256: string | null
  storedSha256: string
  phash: string | null
  fileType: string
  reason: string
  banPoster: boolean
  banDuration: string | null
  boardId: string
  postId: number
  createdAt: string
  createdBy: string | null
}

type Row = Awaited<ReturnType<Awaited<ReturnType<typeof getDb>>['bannedFile']['create']>>
const toDto = (r: Row): BannedFileDto => ({
  id: r.id,
  sha256: r.sha256,
  storedSha256: r.storedSha256,
  phash: r.phash,
  fileType: r.fileType,
  reason: r.reason,
  banPoster: r.banPoster,
  banDuration: r.banPoster ? r.banDuration : null,
  boardId: r.boardId,
  postId: r.postId,
  createdAt: r.createdAt.toISOString(),
  createdBy: r.createdByName,
})

const changed = () => publish({ name: 'banned_files_changed', payload: {} })

export async function listBannedFiles(): Promise<BannedFileDto[]> {
  const db = await getDb()
  return (await db.bannedFile.findMany({ orderBy: { id: 'desc' } })).map(toDto)
}

/** The perceptual hash of a stored image post, from the thumbnail stored with it (as uploads are hashed). */
async function storedPerceptualHash(fileType: string | null, thumbnailKey: string | null): Promise<string | null> {
  if (fileType !== 'image' || !thumbnailKey) return null
  const storage = await getStorage().catch((err) => {
    throw toStorageError(err)
  })
  const thumbnail = await storage.read(thumbnailKey).catch((err) => {
    throw toStorageError(err)
  })
  return thumbnail ? perceptualHash(thumbnail).catch(() => null) : null
}

export async function banFile(staff: Staff, input: BanFileInput) {
  const db = await getDb()
  const post = await db.post.findUnique({ where: { id: input.postId } })
  if (!post) throw new NotFoundError('Post not found')
  assertCanModerate(staff, post.boardId)
  // An entry that bans its uploaders bans them on every board: only admins may create global bans.
  if (input.banPoster) assertMayBan(staff, null, null)
  const storedSha256 = post.mediaKey ? storedSha256OfKey(post.mediaKey) : null
  if (!post.mediaKey || !storedSha256) throw ValidationError.field('postId', 'This post has no file')
  const phash = await storedPerceptualHash(post.fileType, post.thumbnailKey)

  const entry = await db
    .$transaction(async (tx) => {
      if (await tx.bannedFile.findUnique({ where: { storedSha256 } })) throw new ConflictError('File already banned')
      if ((await tx.bannedFile.count()) >= MAX_BANNED_FILES)
        throw new ConflictError(`At most ${MAX_BANNED_FILES} banned files`)
      const entry = await tx.bannedFile.create({
        data: {
          sha256: post.mediaSha256,
          storedSha256,
          phash,
          fileType: post.fileType ?? 'image',
          reason: input.reason,
          banPoster: input.banPoster,
          banDuration: input.banPoster ? (input.banDuration ?? DEFAULT_DURATION) : null,
          boardId: post.boardId,
          postId: post.id,
          createdById: staff.id,
          createdByName: staff.username,
        },
      })
      await logAction(tx, {
        actionType: 'file_ban',
        staff,
        boardId: post.boardId,
        threadId: post.threadId,
        postId: post.id,
        ipAddress: post.ipAddress,
        reason: input.reason,
        details: {
          banned_file_id: entry.id,
          sha256: storedSha256,
          delete_posts: input.deletePosts,
          ban_poster: input.banPoster,
        },
      })
      return entry
    })
    .catch((err) => {
      // Two staff banning the same file at once: the second meets the unique digest.
      if ((err as { code?: string }).code === 'P2002') throw new ConflictError('File already banned')
      throw err
    })
  changed()
  const deletedPosts = input.deletePosts ? await deletePostsCarrying(staff, entry, post.mediaKey) : 0
  return { entry: toDto(entry), deletedPosts }
}

/**
 * Deletes every post carrying the banned file (same upload digest or same stored file) on the boards the staff
 * member moderates, as staff deletion does (logged, snapshotted, events, media purged). An opening post takes its
 * thread along; a post already gone with its thread is skipped.
 */
async function deletePostsCarrying(staff: Staff, entry: Row, mediaKey: string): Promise<number> {
  const db = await getDb()
  const scoped = staff.role !== 'admin' && staff.boards.length > 0
  const posts = await db.post.findMany({
    where: {
      OR: [{ mediaKey }, ...(entry.sha256 ? [{ mediaSha256: entry.sha256 }] : [])],
      ...(scoped ? { boardId: { in: staff.boards } } : {}),
    },
    select: { id: true, boardId: true, threadId: true, isOp: true },
    orderBy: [{ isOp: 'desc' }, { id: 'asc' }],
  })
  const reason = `Banned file: ${entry.reason}`
  let deleted = 0
  for (const p of posts) {
    try {
      await staffDeletePost(p.boardId, p.threadId, p.id, { staff, reason, purgeMedia: true })
      deleted++
    } catch (err) {
      if (!(err instanceof NotFoundError)) throw err
    }
  }
  return deleted
}

export async function unbanFile(staff: Staff, id: number): Promise<void> {
  const db = await getDb()
  await db.$transaction(async (tx) => {
    const entry = await tx.bannedFile.findUnique({ where: { id } })
    if (!entry) throw new NotFoundError('Banned file not found')
    assertCanModerate(staff, entry.boardId)
    await tx.bannedFile.delete({ where: { id } })
    await logAction(tx, {
      actionType: 'file_unban',
      staff,
      boardId: entry.boardId,
      postId: entry.postId,
      reason: entry.reason,
      details: { banned_file_id: id, sha256: entry.storedSha256 },
    })
  })
  changed()
}
