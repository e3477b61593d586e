// The hot reads of the board and thread pages, the ban check, the duplicate-post check, polls and housekeeping, as the domain calls that
// issue them, and EXPLAIN (ANALYZE, BUFFERS) of every SELECT they send on PostgreSQL. Shared by bench/explain.ts
// (prints the plans) and tests/integration/explain.test.ts (asserts index use). Call after the configuration
// points at the database (lib modules are loaded on first use).
import type { SqlQuery } from '@prisma/driver-adapter-utils'

export interface Subjects {
  boardId: string
  threadId: number
  afterPostId: number
  visitorIp: string
  pollId: number
}
export interface HotQuery {
  name: string
  run: () => Promise<unknown>
}
export interface ExplainedStatement {
  query: string
  sql: string
  plan: string
}

export async function hotQueries(s: Subjects): Promise<HotQuery[]> {
  const { getDb } = await import('@/lib/db/client')
  const { listBoardPage, listThreadPosts } = await import('@/lib/threads/queries')
  const { boardThreadsJson, threadPostsJson } = await import('@/lib/render/thread-json')
  const { assertNotBanned } = await import('@/lib/bans/check')
  const { getResults, resultsInThread } = await import('@/lib/surveys/queries')
  const { expiredDeadThreads } = await import('@/lib/housekeeping/thread-cleanup')
  const { applyThreadCap } = await import('@/lib/threads/thread-cap')
  const { assertNotDuplicate } = await import('@/lib/duplicates/check')
  const db = await getDb()
  const withFile = await db.post.findFirst({ where: { boardId: s.boardId, mediaKey: { not: null } } })
  return [
    { name: 'board page: threads with opening post and latest replies', run: () => listBoardPage(s.boardId, 1, 15) },
    {
      // First of the process on this board: every post's JSON is made, so its rows are read too.
      name: 'board thread list and latest replies (GET …/threads, posts as kept JSON)',
      run: () => boardThreadsJson(s.boardId),
    },
    { name: 'thread posts (thread page)', run: () => listThreadPosts(s.boardId, s.threadId) },
    { name: 'thread posts (GET …/posts, as kept JSON)', run: () => threadPostsJson(s.boardId, s.threadId) },
    {
      name: 'thread posts after a post id (live update, GET …/posts?after=)',
      run: () => threadPostsJson(s.boardId, s.threadId, { after: s.afterPostId }),
    },
    {
      name: 'ban check (personal bans by ip_key and board; range bans)',
      run: () => assertNotBanned(s.boardId, s.visitorIp),
    },
    { name: 'poll results of a thread (thread page)', run: () => resultsInThread(s.threadId) },
    { name: 'poll results of one poll (GET …/surveys/{id}/results)', run: () => getResults(s.boardId, s.pollId) },
    { name: 'housekeeping: expired dead threads of a board', run: () => expiredDeadThreads(s.boardId, new Date()) },
    {
      // With the default windows on; a refusal (a seeded file repeated) is as good an answer as a pass.
      name: 'duplicate-post check on posting (same text on the board, same file in another thread)',
      run: () =>
        db
          .$transaction((tx) =>
            assertNotDuplicate(tx, {
              boardId: s.boardId,
              threadId: s.threadId,
              content: 'A text to look for',
              mediaKey: withFile?.mediaKey,
            }),
          )
          .catch((err: Error) => (err.message === 'Duplicate post' ? null : Promise.reject(err))),
    },
    {
      name: 'housekeeping: thread cap count',
      run: () => db.$transaction((tx) => applyThreadCap(tx, s.boardId, new Date())),
    },
  ]
}

/**
 * Runs each query under countStatements() (the client must count: DB_STATEMENT_LOG=true) and explains every
 * SELECT it sent, with its own arguments, through a connection of the same driver adapter.
 */
export async function explainHotQueries(databaseUrl: string, queries: HotQuery[]): Promise<ExplainedStatement[]> {
  const { countStatements } = await import('@/lib/db/statement-count')
  const { PrismaPg } = await import('@prisma/adapter-pg')
  const conn = await new PrismaPg({ connectionString: databaseUrl }).connect()
  try {
    const explained: ExplainedStatement[] = []
    for (const { name, run } of queries) {
      const { queries: sent } = await countStatements(run)
      for (const q of sent.filter((s) => /^\s*SELECT/i.test(s.sql)))
        explained.push({ query: name, sql: q.sql, plan: await explain(conn, q) })
    }
    return explained
  } finally {
    await conn.dispose()
  }
}

async function explain(conn: { queryRaw(q: SqlQuery): Promise<{ rows: unknown[][] }> }, q: SqlQuery): Promise<string> {
  const result = await conn.queryRaw({ ...q, sql: `EXPLAIN (ANALYZE, BUFFERS) ${q.sql}` })
  return result.rows.map((r) => String(r[0])).join('\n')
}

/** The tables a plan reads with a sequential scan. */
export function seqScans(plan: string): string[] {
  return [...plan.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1])
}

/** Each scan node of a plan, e.g. "Index Scan using posts_thread_id_id_idx on posts" (a Bitmap Heap Scan reads through an index too). */
export function accessPaths(plan: string): string[] {
  const scans = plan.matchAll(
    /(?:Index Only Scan|Index Scan|Seq Scan|Bitmap Heap Scan)(?: Backward)?(?: using \w+)? on \w+|Bitmap Index Scan on \w+/g,
  )
  return [...new Set([...scans].map((m) => m[0]))]
}

/** Rows that a plan's scans of `table` returned, over all their loops (EXPLAIN ANALYZE's actual rows × loops). */
export function rowsRead(plan: string, table: string): number {
  const scans = plan.matchAll(
    new RegExp(`Scan.* on ${table}(?: \\w+)?  \\(cost=[^)]*\\) \\(actual time=\\S+ rows=(\\d+) loops=(\\d+)\\)`, 'g'),
  )
  return [...scans].reduce((sum, m) => sum + Number(m[1]) * Number(m[2]), 0)
}

/** The table a statement reads first (its FROM). */
export function tableOf(sql: string): string {
  return /FROM\s+"?(?:public"?\."?)?"?(\w+)/i.exec(sql)?.[1] ?? '?'
}
