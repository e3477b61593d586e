// One search result as GET /api/search returns it and the /search page renders it.
import type { Highlight } from './highlight'

export interface SearchResult {
  boardId: string
  threadId: number
  postId: number
  /** The thread's topic (every result names its thread). */
  topic: string
  /** Plain text around the first matched word; `highlights` says where the matched words are. */
  excerpt: string
  highlights: Highlight[]
  /** The thread is archived (read-only, deleted 48 hours after it died). */
  archived: boolean
  createdAt: string
  /** The post in its thread: /board/{boardId}/thread/{threadId}#post-{postId}. */
  url: string
}

export interface SearchPage {
  results: SearchResult[]
  page: number
  /** Matching posts over all pages. */
  total: number
}
