// The search on SQLite: the FTS5 table post_search (rowid = post id), ranked by bm25 with the topic column
// counting ten times the text (a topic match outranks a mention in a post). Every word is quoted, so FTS5 reads
// it as a plain word: no operator, column filter, prefix or NEAR can come from the visitor.
import type { RankedQuery } from './ranked-query'

/** An FTS5 query that requires every word: `"w1" "w2"` (words hold no quotes: they are letters and digits). */
export function fts5Match(words: readonly string[]): string {
  return words.map((w) => `"${w.replaceAll('"', '""')}"`).join(' ')
}

export function sqliteSearch(words: readonly string[], boardId: string | undefined): RankedQuery {
  const match = fts5Match(words)
  const from = `FROM post_search s JOIN posts p ON p.id = s.rowid WHERE post_search MATCH ?${boardId ? ' AND p.board_id = ?' : ''}`
  const args = boardId ? [match, boardId] : [match]
  return {
    count: { sql: `SELECT count(*) AS n ${from}`, args },
    page: (limit, offset) => ({
      sql: `SELECT p.id AS id ${from} ORDER BY bm25(post_search, 10.0, 1.0), p.created_at DESC, p.id DESC LIMIT ? OFFSET ?`,
      args: [...args, limit, offset],
    }),
  }
}
