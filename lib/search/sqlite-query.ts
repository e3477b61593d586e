// The search on SQLite: the FTS5 table post_search (rowid = post id), ranked by bm25 with the topic column
// counting ten times the text (a topic match outranks a mention in a post). Every word is quoted, so FTS5 reads
// it as a plain word: no operator, column filter, prefix or NEAR can come from the visitor.
import type { RankedQuery } from './ranked-query'

/** An FTS5 query that requires every word: `"w1" "w2"` (words hold no quotes: they are letters and digits). */
export function fts5Match(words: readonly string[]): string {
  return words.map((w) => `"${w.replaceAll('"', '""')}"`).join(' ')
}

export function sqliteSearch(words: readonly string[], boardId: string | undefined, candidates: number): RankedQuery {
  const match = fts5Match(words)
  // FTS5 walks its matches by rowid (post id) from the newest down and stops at `candidates`; bm25 is computed for
  // those rows only.
  const newest = `SELECT s.rowid AS id, bm25(post_search, 10.0, 1.0) AS rank, p.created_at AS created_at
    FROM post_search s JOIN posts p ON p.id = s.rowid WHERE post_search MATCH ?${boardId ? ' AND p.board_id = ?' : ''}
    ORDER BY s.rowid DESC LIMIT ${candidates}`
  const args = boardId ? [match, boardId] : [match]
  return {
    count: { sql: `SELECT count(*) AS n FROM (${newest})`, args },
    page: (limit, offset) => ({
      sql: `SELECT id FROM (${newest}) ORDER BY rank, created_at DESC, id DESC LIMIT ? OFFSET ?`,
      args: [...args, limit, offset],
    }),
  }
}
