// Database rows → 4chan post objects. Pure: everything read from the database (the board, quoted posts' threads,
// file digests, ban marks, counts) comes in as arguments.
//
// Numbering: every 4chan number is a Corkboard post id. A thread is numbered by its opening post (`no` of the OP,
// `resto` of its replies, the `thread/{no}.json` file), so `>>123` in a post's text names the same number as `no`.
import escapeHtml from 'escape-html'
import { attachmentOf } from './attachment'
import { BANNED_NOTICE, commentHtml, type QuoteTarget } from './comment'
import { nowText, unixSeconds } from './time'
import type { FourchanPost } from './types'
import type { PublicBoard } from '../boards/types'
import type { Post, Thread } from '../db/generated/sqlite/client.ts'
import { countryName } from '../geo/country-names'
import { BUMP_LIMIT } from '../limits'

export interface PostContext {
  board: PublicBoard
  /** The number of the post's thread: its opening post's id. */
  threadNo: number
  quote(postId: number): QuoteTarget | null
  /** The stored file's MD5 for a media key, null when storage no longer has the file. */
  md5(mediaKey: string): string | null
  banned: boolean
}

export function toFourchanPost(post: Post, ctx: PostContext): FourchanPost {
  const out: FourchanPost = {
    no: post.id,
    resto: post.isOp ? 0 : ctx.threadNo,
    now: nowText(post.createdAt),
    time: unixSeconds(post.createdAt),
    name: 'Anonymous',
  }
  if (ctx.board.thread_ids_enabled && post.threadUserId) out.id = post.threadUserId
  if (ctx.board.country_flags_enabled && post.countryCode) {
    out.country = post.countryCode
    out.country_name = countryName(post.countryCode)
  }
  const com = post.content
    ? commentHtml(post.content, { threadNo: ctx.threadNo, boardId: ctx.board.id, quote: ctx.quote })
    : ''
  if (com || ctx.banned) out.com = com + (ctx.banned ? BANNED_NOTICE : '')
  return Object.assign(out, attachmentOf(post, post.mediaKey ? ctx.md5(post.mediaKey) : null))
}

export interface ThreadCounts {
  /** Replies carrying a file. */
  images: number
  /** Time of the thread's newest post. */
  lastPostAt: Date
  /** When an event last touched the thread in this process, if one did (deletions, sticky changes, …). */
  changedAt?: Date
}

/** The opening post with the thread's fields: sticky, archived, counts and limits, subject and last change. */
export function toFourchanOp(thread: Thread, op: Post, counts: ThreadCounts, ctx: PostContext): FourchanPost {
  const post = toFourchanPost(op, ctx)
  const head: Partial<FourchanPost> = {}
  if (thread.isSticky) head.sticky = 1
  if (thread.isDead) head.closed = 1
  const tail: Partial<FourchanPost> = {
    sub: escapeHtml(thread.topic),
    semantic_url: semanticUrl(thread.topic),
    replies: thread.postCount - 1,
    images: counts.images,
    bumplimit: thread.postCount >= BUMP_LIMIT ? 1 : 0,
    // Corkboard has no per-thread image limit.
    imagelimit: 0,
    last_modified: lastModified(thread, counts),
  }
  if (thread.isDead) {
    tail.archived = 1
    tail.archived_on = unixSeconds(thread.diedAt ?? thread.updatedAt)
  }
  // 4chan's order: no, sticky/closed first, then the post, then the thread's fields.
  const { no, ...rest } = post
  return { no, ...head, ...rest, ...tail }
}

/** The thread's last change: its newest post, last bump, death, or the last event seen for it. */
export function lastModified(thread: Thread, counts: ThreadCounts): number {
  const times = [thread.updatedAt, counts.lastPostAt, thread.diedAt, counts.changedAt].filter((t): t is Date =>
    Boolean(t),
  )
  return Math.max(...times.map(unixSeconds))
}

/** 4chan's `semantic_url`: the subject in lower case, words joined by hyphens, about 50 characters at most. */
export function semanticUrl(topic: string): string {
  const slug = topic
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  if (slug.length <= 50) return slug
  const cut = slug.slice(0, 50)
  const dash = cut.lastIndexOf('-')
  return dash > 20 ? cut.slice(0, dash) : cut
}

/** A board page's thread: the opening post with the newest replies, and how many replies and files it leaves out. */
export function withPreview(op: FourchanPost, shown: FourchanPost[]): FourchanPost {
  const shownImages = shown.filter((p) => p.tim !== undefined || p.filedeleted).length
  return {
    ...op,
    omitted_posts: Math.max(0, (op.replies ?? 0) - shown.length),
    omitted_images: Math.max(0, (op.images ?? 0) - shownImages),
  }
}
