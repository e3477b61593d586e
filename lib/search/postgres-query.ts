// The search on PostgreSQL: the tsvector of post_search (GIN index) against plainto_tsquery under the 'simple'
// configuration, which ANDs the words and has no operators; ranked by ts_rank (the topic weighs A, the text B).
import type { RankedQuery } from './ranked-query'

export function postgresSearch(words: readonly string[], boardId: string | undefined): RankedQuery {
  const text = words.join(' ')
  const from = `FROM post_search s JOIN posts p ON p.id = s.post_id, plainto_tsquery('simple', $1) q
    WHERE s.document @@ q${boardId ? ' AND p.board_id = $2' : ''}`
  const args = boardId ? [text, boardId] : [text]
  const n = args.length
  return {
    count: { sql: `SELECT count(*)::int AS n ${from}`, args },
    page: (limit, offset) => ({
      sql: `SELECT p.id AS id ${from} ORDER BY ts_rank(s.document, q) DESC, p.created_at DESC, p.id DESC
        LIMIT $${n + 1} OFFSET $${n + 2}`,
      args: [...args, limit, offset],
    }),
  }
}
