'use client'
import { errorBodyOf, staffApi } from '@/lib/client/api'
import type { PostRef } from '@/lib/client/api/bodies'

/** Deletes a post for the staff member's reason, which is required; answers the message to show, or null once
 *  the post is gone. */
export async function deletePostFor(ref: PostRef, reason: string): Promise<string | null> {
  if (!reason.trim()) return 'Reason is required'
  try {
    await staffApi.deletePost(ref, reason)
    return null
  } catch (err) {
    return errorBodyOf(err)?.error ?? 'Failed to delete post'
  }
}
