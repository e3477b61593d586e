// What a page may say about a spoilered post's file before the reader reveals it. Pages carry their data in the
// HTML, so the thumbnail URL, the file's name, its dimensions and duration stay out: only the link to the full
// file (for readers without JavaScript), its kind and its size remain. The API keeps the full object.
import type { PublicPost } from './types'

export function withheldSpoiler(post: PublicPost): PublicPost {
  if (!post.spoiler) return post
  return {
    ...post,
    thumbnail_url: null,
    file_info: post.file_info && { name: null, size: post.file_info.size, width: null, height: null, duration: null },
  }
}

/** The one neutral image shown for every spoilered file (board, thread, previews, catalog, feeds). */
export const SPOILER_PLACEHOLDER_URL = '/placeholders/spoiler.svg'
