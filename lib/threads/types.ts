// The public Thread and ThreadSummary objects the API and pages send.
import type { Thread } from '../db/generated/sqlite/client.ts'
import { BUMP_LIMIT, MAX_THREADS_PER_BOARD } from '../limits'
import type { PublicPost } from '../posts/types'
import { DEAD_THREAD_RETENTION_MS } from '../time'

// lib/threads/queries.ts reads them with one subquery each: change both together.
export const LATEST_REPLIES = 5

export interface PublicThread {
  id: number
  board_id: string
  topic: string
  created_at: string
  updated_at: string
  is_sticky: boolean
  is_dead: boolean
  died_at: string | null
  deletes_at: string | null
  post_count: number
}

export interface ThreadSummary extends PublicThread {
  content: string
  image_url: string | null
  file_type: PublicPost['file_type']
  color: PublicPost['color']
  op: PublicPost
  latestReplies: PublicPost[]
  totalReplies: number
}

export function toPublicThread(t: Thread): PublicThread {
  return {
    id: t.id,
    board_id: t.boardId,
    topic: t.topic,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
    is_sticky: t.isSticky,
    is_dead: t.isDead,
    died_at: t.diedAt?.toISOString() ?? null,
    deletes_at: t.diedAt ? new Date(t.diedAt.getTime() + DEAD_THREAD_RETENTION_MS).toISOString() : null,
    post_count: t.postCount,
  }
}

export const THREAD_CONFIG = { bumpLimit: BUMP_LIMIT, maxThreadsPerBoard: MAX_THREADS_PER_BOARD } as const
