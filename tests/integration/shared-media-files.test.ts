// Stored files are content-addressed, so posts share them, and a deletion can overlap a new post of the same bytes.
// These tests stop a reply just before its commit (another connection holds the write lock on SQLite, the thread's
// row on PostgreSQL) and let a deletion happen meanwhile: the reply's files must be there once it is stored.
import { existsSync, readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { usingPostgres } from '../helpers/database'
import { form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { roomyRateLimits, startServer, type TestServer } from '../helpers/server'

let server: TestServer
beforeAll(async () => {
  server = await startServer({
    env: {
      RATE_LIMITS: roomyRateLimits(),
      // Statements may wait on the held lock for a while: well within this timeout.
      DB_QUERY_TIMEOUT_MS: '20000',
      // The same file is posted in two threads of one board, which the duplicate rule would refuse.
      DUPLICATE_FILE_SECONDS: '0',
    },
  })
})
afterAll(async () => {
  await server?.stop()
})

const mediaDir = () => path.join(server.dataDir, 'media')
/** The stored files (temporary names of writes in progress left out), as paths relative to the media directory. */
const storedFiles = (): string[] =>
  existsSync(mediaDir())
    ? readdirSync(mediaDir(), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && !e.name.endsWith('.tmp'))
        .map((e) => path.relative(mediaDir(), path.join(e.parentPath, e.name)))
    : []

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await probe()
    if (value !== undefined) return value
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`timed out waiting for ${what}`)
}

async function newThread(image: Buffer) {
  const res = await postForm(
    `${server.url}/api/boards/tech/threads`,
    form({ topic: 'shared files', content: 'op' }, { name: 'op.png', bytes: image }),
  )
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.threadId as number
}

const reply = (threadId: number, image: Buffer) =>
  postForm(
    `${server.url}/api/boards/tech/threads/${threadId}/posts`,
    form({ content: `a reply ${Math.random()}` }, { name: 'r.png', bytes: image }),
  )

/**
 * Makes a reply to `threadId` wait just before its commit, until the returned function is called: another connection
 * holds the database's write lock (SQLite) or the thread's row (PostgreSQL).
 */
async function holdCommitsTo(threadId: number): Promise<() => Promise<void>> {
  const db = server.database
  if (db.provider === 'postgresql') {
    const client = new pg.Client({ connectionString: db.url })
    await client.connect()
    await client.query('BEGIN')
    await client.query('SELECT id FROM threads WHERE id = $1 FOR UPDATE', [threadId])
    return async () => {
      await client.query('COMMIT')
      await client.end()
    }
  }
  const conn = new Database(db.url.slice('file:'.length), { timeout: 5000 })
  conn.exec('BEGIN IMMEDIATE')
  return async () => {
    conn.exec('COMMIT')
    conn.close()
  }
}

async function served(threadId: number): Promise<{ image: number; thumbnail: number }[]> {
  const { posts } = await (await fetch(`${server.url}/api/boards/tech/threads/${threadId}/posts`)).json()
  return Promise.all(
    posts.map(async (p: { image_url: string; thumbnail_url: string }) => ({
      image: (await fetch(new URL(p.image_url, server.url))).status,
      thumbnail: (await fetch(new URL(p.thumbnail_url, server.url))).status,
    })),
  )
}

describe('a file deleted while a post of the same bytes is being stored', () => {
  it('is stored again once the post has committed', async () => {
    const threadId = await newThread(await png(31, 31, { r: 9, g: 90, b: 190 }))
    const before = new Set(storedFiles())
    const release = await holdCommitsTo(threadId)
    let answer: ReturnType<typeof reply> | undefined
    try {
      answer = reply(threadId, await png(33, 33, { r: 190, g: 9, b: 90 }))
      // The reply has stored its file and thumbnail and now waits for the lock. Another post of the same bytes that
      // failed (a double submit refused as a duplicate, say) deletes them now, as nothing committed refers to them.
      const created = await until('the reply to store its files', () => {
        const added = storedFiles().filter((f) => !before.has(f))
        return added.length === 2 ? added : undefined
      })
      for (const file of created) rmSync(path.join(mediaDir(), file))
      expect(storedFiles().filter((f) => !before.has(f))).toEqual([])
    } finally {
      await release()
    }
    const res = await answer!
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(storedFiles().filter((f) => !before.has(f))).toHaveLength(2)
    expect(await served(threadId)).toEqual([
      { image: 200, thumbnail: 200 },
      { image: 200, thumbnail: 200 },
    ])
  })
})

// On PostgreSQL several processes may share the database and the storage, so the deletion and the post take the
// file's advisory lock (exclusive and shared): the deletion waits for the post and then sees it. On SQLite one process
// runs one transaction at a time, which already keeps them apart.
describe.runIf(usingPostgres())('on PostgreSQL, a deletion of a shared file', () => {
  const advisoryLocks = async (mode: 'ShareLock' | 'ExclusiveLock', granted: boolean) => {
    const client = new pg.Client({ connectionString: server.database.url })
    await client.connect()
    try {
      const { rows } = await client.query(
        `SELECT count(*)::int AS n FROM pg_locks
         WHERE locktype = 'advisory' AND mode = $1 AND granted = $2 AND database = (
           SELECT oid FROM pg_database WHERE datname = current_database())`,
        [mode, granted],
      )
      return rows[0].n as number
    } finally {
      await client.end()
    }
  }

  it('waits for a post of the same file in progress, then keeps the file', async () => {
    const shared = await png(35, 35, { r: 60, g: 160, b: 20 })
    const firstThread = await newThread(await png(32, 32, { r: 1, g: 2, b: 250 }))
    const first = await reply(firstThread, shared)
    expect(first.status).toBe(201)
    const owner = first.headers.get('set-cookie')!.split(';')[0]
    // The second post goes to another thread: the deletion of the first takes its own thread's row.
    const secondThread = await newThread(await png(34, 34, { r: 250, g: 2, b: 1 }))
    const release = await holdCommitsTo(secondThread)
    let second: ReturnType<typeof reply> | undefined
    let deletion: Promise<Response> | undefined
    let deletionAnswered = false
    try {
      second = reply(secondThread, shared)
      // The second reply holds the file's and the thumbnail's locks shared while it waits for its thread's row.
      await until('the reply to hold the file locks', async () =>
        (await advisoryLocks('ShareLock', true)) >= 2 ? true : undefined,
      )
      deletion = fetch(`${server.url}/api/boards/tech/threads/${firstThread}/posts/${first.body.postId}`, {
        method: 'DELETE',
        headers: { Cookie: owner },
      })
      void deletion.then(() => (deletionAnswered = true))
      await until('the deletion to wait for the file lock', async () =>
        (await advisoryLocks('ExclusiveLock', false)) >= 1 ? true : undefined,
      )
      expect(deletionAnswered).toBe(false)
    } finally {
      await release()
    }
    expect((await second!).status).toBe(201)
    expect((await deletion!).status).toBe(200)
    expect(await served(firstThread)).toEqual([{ image: 200, thumbnail: 200 }])
    expect(await served(secondThread)).toEqual([
      { image: 200, thumbnail: 200 },
      { image: 200, thumbnail: 200 },
    ])
  })
})
