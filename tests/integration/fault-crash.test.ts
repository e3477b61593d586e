// Crashes (kill -9) against the real server on the same data directory and database, restarted afterwards:
// during concurrent posting from several clients, and during a housekeeping run holding its lock.
import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../helpers/database'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { startServer, type TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'
import { createStaff, StaffClient } from '../helpers/staff'

const RATE_LIMITS = JSON.stringify({
  postCreate: { points: 100_000, duration: 60 },
  threadCreate: { points: 100_000, duration: 60 },
})
const HOUR = 3600_000
const cleanups: (() => Promise<unknown> | unknown)[] = []
afterAll(async () => {
  for (const clean of cleanups.reverse())
    await Promise.resolve()
      .then(clean)
      .catch(() => {})
})

/** A data directory and database that outlive one server process (the crash and the restart share them). */
async function persistentSite() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cb-crash-'))
  const database = await createTestDatabase(dataDir)
  const servers: TestServer[] = []
  cleanups.push(async () => {
    for (const s of servers) if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill('SIGKILL')
    await database.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })
  const start = async (env: Record<string, string> = {}) => {
    const server = await startServer({
      dataDir,
      database,
      keep: true,
      env: { RATE_LIMITS, TRUST_PROXY_HOPS: '1', ...env },
    })
    servers.push(server)
    return server
  }
  return { dataDir, database, mediaDir: path.join(dataDir, 'media'), start }
}

/** Every file under a directory, relative to it ('' when the directory does not exist yet). */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(path.join(dir, f)).isFile())
  } catch {
    return []
  }
}

async function waitForOutput(server: TestServer, pattern: RegExp, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!pattern.test(server.output()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
  expect(server.output()).toMatch(pattern)
}

async function killHard(server: TestServer): Promise<void> {
  const exited = new Promise((resolve) => server.proc.once('exit', resolve))
  server.proc.kill('SIGKILL')
  await exited
}

async function adminOf(server: TestServer, database: TestDatabase): Promise<StaffClient> {
  const u = await createStaff(database, { username: `admin${randomBytes(3).toString('hex')}`, role: 'admin' })
  const admin = new StaffClient(server.url)
  await admin.login(u.username, u.password)
  return admin
}

interface Ack {
  postId: number
  threadId: number
  kind: 'text' | 'image' | 'thread'
}

describe('fault: kill -9 during concurrent posting (text and image replies, new threads from several clients)', () => {
  it('after a restart every acknowledged post is present, no orphan rows, every image loads, and housekeeping removes leftover *.tmp files', async () => {
    const site = await persistentSite()
    const server = await site.start()
    let colour = 0
    const image = () => {
      colour++
      return png(48, 32, { r: colour % 256, g: (colour >> 8) % 256, b: 123 })
    }
    const seed: number[] = []
    for (let i = 0; i < 3; i++) {
      const res = await postForm(
        `${server.url}/api/boards/tech/threads`,
        form({ topic: `seed ${i}`, content: 'seed' }, { name: 's.png', bytes: await image() }),
      )
      expect(res.status).toBe(201)
      seed.push(res.body.threadId)
    }

    const acks: Ack[] = []
    let crashed = false
    const client = async (n: number) => {
      const ip = `81.2.69.${10 + n}`
      for (let i = 0; !crashed; i++) {
        const kind = (['text', 'image', 'thread'] as const)[(n + i) % 3]
        const threadId = seed[(n + i) % seed.length]
        try {
          const res =
            kind === 'thread'
              ? await postForm(
                  `${server.url}/api/boards/science/threads`,
                  form({ topic: `c${n}-${i}`, content: 'new thread' }, { name: 't.png', bytes: await image() }),
                  as(ip),
                )
              : await postForm(
                  `${server.url}/api/boards/tech/threads/${threadId}/posts`,
                  form(
                    { content: `c${n}-${i}` },
                    kind === 'image' ? { name: 'r.png', bytes: await image() } : undefined,
                  ),
                  as(ip),
                )
          if (res.status === 201) acks.push({ postId: res.body.postId, threadId: res.body.threadId ?? threadId, kind })
          else expect.soft(res.status, JSON.stringify(res.body)).toBe(201)
        } catch {
          // The connection died with the server: this post was never acknowledged.
        }
      }
    }
    const clients = Array.from({ length: 6 }, (_, n) => client(n))
    // Kill once a good number of posts went through, while the clients are still sending.
    const deadline = Date.now() + 20_000
    while (acks.length < 30 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
    await killHard(server)
    crashed = true
    await Promise.all(clients)
    expect(acks.length).toBeGreaterThanOrEqual(30)
    expect(new Set(acks.map((a) => a.kind))).toEqual(new Set(['text', 'image', 'thread']))
    const tmpAfterCrash = filesUnder(site.mediaDir).filter((f) => f.endsWith('.tmp')).length
    console.log(
      `kill -9 during posting: ${acks.length} posts acknowledged, ${tmpAfterCrash} *.tmp files left by the crash`,
    )

    const restarted = await site.start()
    const db = site.database
    // Every acknowledged post is there, in the thread it was acknowledged for.
    const rows = await sql<{ id: number; thread_id: number }>(db, 'SELECT id, thread_id FROM posts')
    const threadOf = new Map(rows.map((r) => [Number(r.id), Number(r.thread_id)]))
    for (const ack of acks) expect(threadOf.get(ack.postId), `acknowledged post ${ack.postId}`).toBe(ack.threadId)
    // No orphans: posts without a thread, threads without their opening post, counts that disagree with the rows.
    expect(
      await sql(db, 'SELECT p.id FROM posts p LEFT JOIN threads t ON t.id = p.thread_id WHERE t.id IS NULL'),
    ).toEqual([])
    expect(
      await sql(
        db,
        'SELECT t.id FROM threads t WHERE NOT EXISTS (SELECT 1 FROM posts p WHERE p.thread_id = t.id AND p.is_op = ?)',
        true,
      ),
    ).toEqual([])
    expect(
      await sql(
        db,
        'SELECT t.id FROM threads t WHERE t.post_count <> (SELECT COUNT(*) FROM posts p WHERE p.thread_id = t.id)',
      ),
    ).toEqual([])
    // Every stored image (acknowledged or committed just before the crash) loads, thumbnail included.
    const media = await sql<{
      id: number
      image_url: string
      thumbnail_url: string
      media_key: string
      thumbnail_key: string
    }>(db, 'SELECT id, image_url, thumbnail_url, media_key, thumbnail_key FROM posts WHERE media_key IS NOT NULL')
    const ackedImages = acks.filter((a) => a.kind !== 'text').map((a) => a.postId)
    expect(media.map((m) => Number(m.id))).toEqual(expect.arrayContaining(ackedImages))
    for (const m of media) {
      for (const url of [m.image_url, m.thumbnail_url])
        expect((await fetch(new URL(url, restarted.url))).status, url).toBe(200)
    }

    // The next housekeeping run (files aged past the hour an upload in progress is given) removes the crash's
    // temporary files and any file whose post never committed; every remaining file belongs to a post.
    const old = new Date(Date.now() - 2 * HOUR)
    for (const f of filesUnder(site.mediaDir)) utimesSync(path.join(site.mediaDir, f), old, old)
    const admin = await adminOf(restarted, db)
    const run = await admin.write('POST', '/api/admin/housekeeping/run')
    expect(run.status).toBe(200)
    expect(run.body.results.tasks.fileCleanup).toMatchObject({ tempFilesDeleted: tmpAfterCrash, errors: 0 })
    const left = filesUnder(site.mediaDir)
    expect(left.filter((f) => f.endsWith('.tmp'))).toEqual([])
    const referenced = new Set(media.flatMap((m) => [m.media_key, m.thumbnail_key]))
    expect(left.filter((f) => !referenced.has(f.split(path.sep).join('/')))).toEqual([])
    for (const m of media.filter((x) => ackedImages.includes(Number(x.id)))) {
      expect((await fetch(new URL(m.image_url, restarted.url))).status).toBe(200)
    }
    await restarted.stop('SIGKILL')
  }, 90_000)
})

describe('fault: kill -9 during a housekeeping run', () => {
  it('the lock has a short lease; the restarted process logs the skipped start-up run with the holder, then takes the lock when the lease ends', async () => {
    // Long enough that a restart on a loaded machine still finds the crashed holder's lease in force.
    const LEASE_SECONDS = 30
    const site = await persistentSite()
    // Enough aged orphan files that the run is still deleting them when it is killed.
    for (let i = 0; i < 500; i++) {
      const hash = createHash('sha256').update(`orphan ${i}`).digest('hex')
      const file = path.join(site.mediaDir, hash.slice(0, 2), `${hash}.png`)
      mkdirSync(path.dirname(file), { recursive: true })
      writeFileSync(file, 'x')
      utimesSync(file, new Date(Date.now() - 2 * HOUR), new Date(Date.now() - 2 * HOUR))
    }
    const env = { HOUSEKEEPING: 'on', HOUSEKEEPING_LEASE_SECONDS: String(LEASE_SECONDS) }
    const first = await site.start(env)
    let lock: { owner: string } | undefined
    const deadline = Date.now() + 30_000
    while (!lock && Date.now() < deadline) {
      ;[lock] = await sql<{ owner: string }>(
        site.database,
        'SELECT owner FROM job_locks WHERE name = ?',
        'housekeeping',
      )
      if (!lock) await new Promise((r) => setTimeout(r, 10))
    }
    expect(lock, 'the start-up run took the lock').toBeDefined()
    await killHard(first)
    const killedAt = Date.now()
    expect(first.output()).not.toMatch(/Housekeeping \(startup\) finished/)
    expect(await sql(site.database, 'SELECT owner FROM job_locks')).toEqual([{ owner: lock!.owner }])

    // The restarted process names the crashed holder and its lease end in one line; the lease is short (it ends
    // at most one lease after the crash), where a 30-minute lease would block housekeeping for half an hour.
    const second = await site.start(env)
    const owner = lock!.owner.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    const skipped = new RegExp(
      `Housekeeping \\(startup\\) skipped: the lock is held by ${owner} until (\\S+); retrying then`,
    )
    await waitForOutput(second, skipped, (LEASE_SECONDS - 5) * 1000)
    const leaseEnd = Date.parse(skipped.exec(second.output())![1])
    expect(leaseEnd - killedAt).toBeLessThanOrEqual(LEASE_SECONDS * 1000)
    // It runs once the lease has ended, without waiting for the hourly schedule.
    await waitForOutput(second, /Housekeeping \(startup\) finished/, LEASE_SECONDS * 1000 + 40_000)
    expect(second.output().match(/skipped/g)).toHaveLength(1)
    expect(await sql(site.database, 'SELECT owner FROM job_locks')).toEqual([])
    expect(filesUnder(site.mediaDir)).toEqual([])
    await second.stop('SIGKILL')
  }, 150_000)
})
