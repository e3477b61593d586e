// The search on PostgreSQL: the tsvector of post_search (GIN index) against plainto_tsquery under the 'simple'
// configuration, which ANDs the words and has no operators; ranked by ts_rank (the topic weighs A, the text B).
import type { RankedQuery } from './ranked-query'

export function postgresSearch(words: readonly string[], boardId: string | undefined, candidates: number): RankedQuery {
  const text = words.join(' ')
  // Only the newest `candidates` matches are ranked (the GIN index finds the matches; ts_rank runs on those rows).
  const newest = `SELECT p.id AS id, ts_rank(s.document, q) AS rank, p.created_at AS created_at
    FROM post_search s JOIN posts p ON p.id = s.post_id, plainto_tsquery('simple', $1) q
    WHERE s.document @@ q${boardId ? ' AND p.board_id = $2' : ''}
    ORDER BY s.post_id DESC LIMIT ${candidates}`
  const args = boardId ? [text, boardId] : [text]
  const n = args.length
  return {
    count: { sql: `SELECT count(*)::int AS n FROM (${newest}) c`, args },
    page: (limit, offset) => ({
      sql: `SELECT id FROM (${newest}) c ORDER BY rank DESC, created_at DESC, id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
      args: [...args, limit, offset],
    }),
  }
}
