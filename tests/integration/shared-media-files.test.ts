// Stored files are content-addressed, so posts share them, and a deletion can overlap a new post of the same bytes
// (lib/media/file-locks.ts): whichever comes first, a committed post's files must be there. The domain layer is
// called in this process for the order a server cannot be made to take; on PostgreSQL a reply is also stopped just
// before its commit (another connection holds its thread's row) while a deletion happens or waits.
import { existsSync, readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { usingPostgres } from '../helpers/database'
import { form, postForm } from '../helpers/http'
import { useServerConfig } from '../helpers/in-process'
import { png } from '../helpers/media'
import { roomyRateLimits, startServer, type TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'

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
  useServerConfig(server)
})
afterAll(async () => {
  await (await import('@/lib/db/client')).closeDb()
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

/** Makes a reply to `threadId` wait just before its commit, until the returned function is called (PostgreSQL). */
async function holdCommitsTo(threadId: number): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: server.database.url })
  await client.connect()
  try {
    await client.query('BEGIN')
    await client.query('SELECT id FROM threads WHERE id = $1 FOR UPDATE', [threadId])
  } catch (err) {
    await client.end()
    throw err
  }
  return async () => {
    await client.query('COMMIT')
    await client.end()
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

/** An upload stored by this process's domain layer, as a post's would be before its commit. */
async function upload(image: Buffer) {
  const { attachMedia } = await import('@/lib/posts/attach-media')
  const media = await attachMedia({ buffer: image, filename: 'p.png', declaredType: 'image/png' })
  const keys = [media.columns.mediaKey, media.columns.thumbnailKey!]
  const onDisk = () => keys.map((key) => existsSync(path.join(mediaDir(), key)))
  return { media, keys, onDisk }
}

/** This process's count of files stored again after their post's commit (corkboard_media_restores_total). */
async function restoresCounted(): Promise<number> {
  const { metrics } = await import('@/lib/metrics/registry')
  const { values } = await metrics().mediaRestores.get()
  return values.find((v) => v.labels.outcome === 'restored')?.value ?? 0
}

/** Commits a reference to the upload: a text reply of a new thread given the upload's columns. */
async function commitPostOf(keys: string[]) {
  const threadId = await newThread(await png(30, 30, { r: 5, g: 5, b: 5 }))
  const res = await postForm(`${server.url}/api/boards/tech/threads/${threadId}/posts`, form({ content: 'text' }))
  expect(res.status).toBe(201)
  await sql(server.database, 'UPDATE posts SET media_key = ?, thumbnail_key = ? WHERE id = ?', ...keys, res.body.postId)
}

describe("a file deleted between an upload and its post's commit", () => {
  it('is stored again once the post has committed, and then kept', async () => {
    const { deleteIfUnreferenced } = await import('@/lib/media/release')
    const { media, keys, onDisk } = await upload(await png(36, 36, { r: 70, g: 7, b: 170 }))
    expect(onDisk()).toEqual([true, true])
    // Nothing committed refers to the files yet: a failing double submit of the same bytes (or the deletion of an
    // older post of them) deletes them.
    for (const key of keys) expect(await deleteIfUnreferenced(key)).toBe(true)
    expect(onDisk()).toEqual([false, false])
    await commitPostOf(keys)
    const restored = await restoresCounted()
    await media.committed()
    expect(onDisk()).toEqual([true, true])
    expect((await restoresCounted()) - restored).toBe(2)
    for (const key of keys) expect(await deleteIfUnreferenced(key)).toBe(false)
    expect(onDisk()).toEqual([true, true])
  })

  // SQLite's one process knows every deletion: a post with none meanwhile does not look. A file removed behind the
  // process's back (by hand) is not its concern, and shows that nothing was looked at.
  it.runIf(!usingPostgres())('is not looked for on SQLite when no deletion ran meanwhile', async () => {
    const { media, keys, onDisk } = await upload(await png(37, 37, { r: 170, g: 70, b: 7 }))
    for (const key of keys) rmSync(path.join(mediaDir(), key))
    await commitPostOf(keys)
    await media.committed()
    expect(onDisk()).toEqual([false, false])
  })

  it.runIf(usingPostgres())('on PostgreSQL, is stored again by a reply over HTTP', async () => {
    const threadId = await newThread(await png(31, 31, { r: 9, g: 90, b: 190 }))
    const before = new Set(storedFiles())
    const release = await holdCommitsTo(threadId)
    let answer: ReturnType<typeof reply> | undefined
    try {
      answer = reply(threadId, await png(33, 33, { r: 190, g: 9, b: 90 }))
      // The reply has stored its file and thumbnail and now waits for its thread's row. The files go as they would
      // by a deletion in another process that took their lock before this reply did (such a deletion would wait
      // now: the next test), leaving the reply to find them gone after its commit.
      const created = await until('the reply to store its files', () => {
        const added = storedFiles().filter((f) => !before.has(f))
        return added.length === 2 ? added : undefined
      })
      for (const file of created) rmSync(path.join(mediaDir(), file))
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
      void deletion.then(
        () => (deletionAnswered = true),
        () => {}, // awaited (and failed) below
      )
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
