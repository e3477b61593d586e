// The search on SQLite: the FTS5 table post_search (rowid = post id) finds the matches; they are ranked by how
// often the words occur, the topic counting ten times the text (a topic match outranks a mention in a post), by
// term frequency as PostgreSQL's ts_rank ranks them. Every word is quoted, so FTS5 reads it as a plain word: no
// operator, column filter, prefix or NEAR can come from the visitor.
import type { RankedQuery } from './ranked-query'

/** An FTS5 query that requires every word: `"w1" "w2"` (words hold no quotes: they are letters and digits). */
export function fts5Match(words: readonly string[]): string {
  return words.map((w) => `"${w.replaceAll('"', '""')}"`).join(' ')
}

/**
 * Occurrences of a (lower-case) word in a column, bound as a parameter: an estimate of its term frequency that
 * folds ASCII case only and also counts the word inside longer words. FTS5's own bm25() is not used: before ranking
 * anything it counts every post holding each word, which grows with the site (28 ms for two common words at 1M
 * posts, 0.6 ms to find the candidates); this reads only the candidates.
 */
const occurrences = (column: string, word: string) =>
  `((length(${column}) - length(replace(lower(${column}), ?, ''))) / ${[...word].length})`

export function sqliteSearch(words: readonly string[], boardId: string | undefined, candidates: number): RankedQuery {
  const match = fts5Match(words)
  // FTS5 walks its matches by rowid (post id) from the newest down and stops at `candidates`; only those are ranked.
  const newest = `SELECT s.rowid AS id, p.is_op AS is_op, p.thread_id AS thread_id, p.content AS content,
      p.created_at AS created_at
    FROM post_search s JOIN posts p ON p.id = s.rowid WHERE post_search MATCH ?${boardId ? ' AND p.board_id = ?' : ''}
    ORDER BY s.rowid DESC LIMIT ${candidates}`
  const args = boardId ? [match, boardId] : [match]
  const score = words
    .map((w) => `10 * ${occurrences("coalesce(t.topic, '')", w)} + ${occurrences('c.content', w)}`)
    .join(' + ')
  return {
    count: { sql: `SELECT count(*) AS n FROM (${newest})`, args },
    page: (limit, offset) => ({
      // The topic is an opening post's only (as in post_search).
      sql: `SELECT c.id AS id FROM (${newest}) c LEFT JOIN threads t ON c.is_op AND t.id = c.thread_id
        ORDER BY (${score}) DESC, c.created_at DESC, c.id DESC LIMIT ? OFFSET ?`,
      args: [...args, ...words.flatMap((w) => [w, w]), limit, offset],
    }),
  }
}
