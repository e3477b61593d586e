// Full-text search over the posts of live and archived threads (deleted posts are gone from the index with their
// rows). Three statements whatever the size of the board: the count, one page of ids, the rows of that page. Only
// the newest matches are ranked (SEARCH_CANDIDATES_MAX), which bounds the cost of a search for common words.
import { getBoardOrThrow } from '../boards/queries'
import { getConfig } from '../config'
import { SEARCH_CANDIDATES_MAX, SEARCH_PAGE_SIZE } from '../limits'
import { excerptOf } from './highlight'
import { postgresSearch } from './postgres-query'
import type { SearchQuery } from './schemas'
import { sqliteSearch } from './sqlite-query'
import { searchWords } from './terms'
import type { SearchPage, SearchResult } from './types'
import { getDb } from '../db/client'
import { consume } from '../rate-limit/limits'

/** One page of results for `ip`'s search; each search counts against the address's `search` limit. */
export async function searchPosts(ip: string, { q, board, page }: SearchQuery): Promise<SearchPage> {
  await consume(ip, 'search')
  if (board) await getBoardOrThrow(board)
  const words = searchWords(q)
  const build = getConfig().database.provider === 'postgresql' ? postgresSearch : sqliteSearch
  const query = build(words, board, SEARCH_CANDIDATES_MAX)
  const db = await getDb()

  const [{ n }] = await db.$queryRawUnsafe<{ n: number | bigint }[]>(query.count.sql, ...query.count.args)
  const total = Number(n)
  const offset = (page - 1) * SEARCH_PAGE_SIZE
  if (offset >= total) return { results: [], page, total }

  const pageStatement = query.page(SEARCH_PAGE_SIZE, offset)
  const ids = (await db.$queryRawUnsafe<{ id: number | bigint }[]>(pageStatement.sql, ...pageStatement.args)).map((r) =>
    Number(r.id),
  )
  const rows = await db.post.findMany({
    where: { id: { in: ids } },
    select: {
      id: true,
      threadId: true,
      boardId: true,
      content: true,
      createdAt: true,
      thread: { select: { topic: true, isDead: true } },
    },
  })
  const byId = new Map(rows.map((r) => [r.id, r]))
  const results: SearchResult[] = []
  // A post deleted between the two statements is simply left out.
  for (const id of ids) {
    const r = byId.get(id)
    if (!r) continue
    results.push({
      boardId: r.boardId,
      threadId: r.threadId,
      postId: r.id,
      topic: r.thread.topic,
      ...excerptOf(r.content, words),
      archived: r.thread.isDead,
      createdAt: r.createdAt.toISOString(),
      url: `/board/${r.boardId}/thread/${r.threadId}#post-${r.id}`,
    })
  }
  return { results, page, total }
}
