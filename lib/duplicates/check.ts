// The duplicate-post rule, checked inside the transaction that stores the post, before the row is written:
// - the same text (normalised, fingerprint.ts) posted by anyone on the same board within DUPLICATE_TEXT_SECONDS;
// - the same stored file (its content-addressed media key) posted in another thread of the same board within
//   DUPLICATE_FILE_SECONDS. The same file again in the same thread is allowed.
// A window of 0 turns its check off. Deleted posts are gone from the table, so they never count. Staff are not
// exempt: a repeat within minutes is a double submission or a flood whoever sends it.
//
// Two processes posting the same thing at once: on PostgreSQL each fingerprint is taken as a transaction-scoped
// advisory lock before the check, so the second waits for the first to commit and then sees its row (exactly one
// gets through). The locks are the transaction's first statements, taken in a fixed order, so they never wait while
// holding a row lock. On SQLite transactions already run one at a time.
//
// The look-ups are plain SQL so the check runs in a reply's transaction on the driver (lib/db/driver-sql.ts) as in
// Prisma's; a reply on PostgreSQL runs them as part of the statement that stores it, after the locks
// (lib/posts/store-reply-postgres.ts). They use the (board, text hash, time) index and the media key's.
import { createHash } from 'node:crypto'
import { textHashOf } from './fingerprint'
import { getConfig } from '../config'
import type { RawSql } from '../db/driver-sql'
import { waitInWords } from '../error-messages'
import { DuplicatePostError } from '../errors'

export interface DuplicateCheck {
  boardId: string
  /** The thread replied to; null for a new thread (every existing post is then in another thread). */
  threadId: number | null
  /** The text that will be stored (after word filters). */
  content: string
  /** The stored file's content-addressed key (attach-media.ts), or null without a file. */
  mediaKey: string | null | undefined
}

/** What the rule looks for in a post: the windows' starts are null where a check is off. */
export interface DuplicateLookup {
  /** The normalised text's hash, stored on the new post whether or not the text check is on. */
  textHash: string | null
  /** Posts of the same text on the board since then repeat it; null: not checked. */
  textSince: Date | null
  /** Posts of the same file in another thread of the board since then repeat it; null: not checked. */
  fileSince: Date | null
  /** One per check that is on, for lockFingerprints. */
  fingerprints: string[]
}

export function duplicateLookup(post: DuplicateCheck, now = Date.now()): DuplicateLookup {
  const { textSeconds, fileSeconds } = getConfig().duplicateWindows
  const textHash = textHashOf(post.content)
  const checkText = textHash !== null && textSeconds > 0
  const checkFile = Boolean(post.mediaKey) && fileSeconds > 0
  return {
    textHash,
    textSince: checkText ? new Date(now - textSeconds * 1000) : null,
    fileSince: checkFile ? new Date(now - fileSeconds * 1000) : null,
    fingerprints: [
      ...(checkText ? [`text:${post.boardId}:${textHash}`] : []),
      ...(checkFile ? [`file:${post.boardId}:${post.mediaKey}`] : []),
    ],
  }
}

/** The refusal of a post that repeats a recent one of the same text, or of the same file in another thread. */
export function duplicateError(kind: 'text' | 'file'): DuplicatePostError {
  const { textSeconds, fileSeconds } = getConfig().duplicateWindows
  return new DuplicatePostError(
    kind === 'text'
      ? `This text was already posted on this board in ${theLast(textSeconds)}. Please write something new.`
      : `This file was already posted in another thread on this board in ${theLast(fileSeconds)}.`,
  )
}

/**
 * Throws DuplicatePostError (409) when the post repeats a recent one posted before `now` (the new post's time);
 * otherwise returns the text hash to store on the new post. Replies on PostgreSQL run the same look-ups inside the
 * statement that stores them (lib/posts/store-reply-postgres.ts).
 */
export async function assertNotDuplicate(
  tx: RawSql,
  post: DuplicateCheck,
  now = Date.now(),
): Promise<{ textHash: string | null }> {
  const { textHash, textSince, fileSince, fingerprints } = duplicateLookup(post, now)
  await lockFingerprints(tx, fingerprints)
  if (textSince) {
    const earlier = await tx.$queryRaw<unknown[]>`
      SELECT id FROM posts WHERE board_id = ${post.boardId} AND text_hash = ${textHash} AND created_at >= ${textSince}
      LIMIT 1`
    if (earlier.length) throw duplicateError('text')
  }
  if (fileSince) {
    // A new thread (threadId null) has no posts yet, so -1 (no thread) keeps every earlier post in "another thread".
    const earlier = await tx.$queryRaw<unknown[]>`
      SELECT id FROM posts WHERE board_id = ${post.boardId} AND media_key = ${post.mediaKey}
        AND created_at >= ${fileSince} AND thread_id <> ${post.threadId ?? -1}
      LIMIT 1`
    if (earlier.length) throw duplicateError('file')
  }
  return { textHash }
}

/** "the last 10 minutes", "the last hour". */
function theLast(seconds: number): string {
  const words = waitInWords(seconds)
  return `the last ${words.startsWith('1 ') ? words.slice(2) : words}`
}

/**
 * PostgreSQL: one advisory lock per fingerprint, held until the transaction ends, taken in ascending order. The
 * look-ups must be later statements: a statement's snapshot is taken when it starts, so a look-up in the statement
 * that waited for the lock would not see the row the other transaction committed meanwhile.
 */
export async function lockFingerprints(tx: RawSql, fingerprints: string[]): Promise<void> {
  if (fingerprints.length === 0 || getConfig().database.provider !== 'postgresql') return
  const keys = fingerprints
    .map((f) => createHash('sha256').update(f).digest().readBigInt64BE(0))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  for (const key of keys) {
    // The lock function returns void, which the driver cannot read: select from it instead.
    await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(${key.toString()}::bigint)) AS l`
  }
}
