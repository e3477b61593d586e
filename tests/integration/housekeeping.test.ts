// Housekeeping on local disk: the endpoints, one run at a time across processes, and the
// tasks judged by a clock moved 49 hours forward.
import { existsSync } from 'node:fs'
import { mkdir, utimes, writeFile, access } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { housekeepingAfter49Hours } from '../helpers/housekeeping'
import { useServerConfig } from '../helpers/in-process'
import { startServer, type TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'
import { createStaff, StaffClient } from '../helpers/staff'

let server: TestServer
let admin: StaffClient

beforeAll(async () => {
  server = await startServer()
  useServerConfig(server)
  const u = await createStaff(server.database, { username: 'keeper', role: 'admin' })
  admin = new StaffClient(server.url)
  await admin.login(u.username, u.password)
})
afterAll(async () => {
  await (await import('@/lib/db/client')).closeDb()
  await server?.stop()
})

describe('housekeeping', () => {
  it('reports a stopped schedule when this process runs none, and no run yet', async () => {
    expect(await admin.request('GET', '/api/admin/housekeeping/status')).toMatchObject({
      status: 200,
      body: {
        status: {
          initialized: true,
          jobs: {
            housekeeping: { running: false, inProgress: false, lastRun: null, nextRun: null, intervalMinutes: 60 },
          },
        },
      },
    })
  })

  it('runs on demand and reports every task', async () => {
    const res = await admin.write('POST', '/api/admin/housekeeping/run')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      message: 'Housekeeping completed successfully',
      results: {
        timestamp: expect.any(String),
        totalDuration: expect.any(Number),
        tasks: {
          threadCleanup: {
            boardsChecked: 12,
            threadsMarkedDead: 0,
            threadsDeleted: 0,
            filesDeleted: 0,
            duration: expect.any(Number),
          },
          fileCleanup: {
            totalFiles: 0,
            databaseImages: 0,
            orphanedFiles: 0,
            deletedFiles: 0,
            tempFilesDeleted: 0,
            errors: 0,
            duration: expect.any(Number),
          },
          snapshotCleanup: { snapshotsDeleted: 0 },
          statsCleanup: { hoursRolledUp: 0, daysRolledUp: 0, rowsDeleted: 0, saltsDiscarded: 0 },
        },
      },
    })
    const status = await admin.request('GET', '/api/admin/housekeeping/status')
    expect(status.body.status.jobs.housekeeping.lastRun).toBe(res.body.results.timestamp)
  })

  it('refuses a run while another process holds the lock, and runs once it is released', async () => {
    await sql(
      server.database,
      'INSERT INTO job_locks (name, owner, acquired_at, expires_at) VALUES (?, ?, ?, ?)',
      'housekeeping',
      'another-process',
      new Date(),
      new Date(Date.now() + 600_000),
    )
    expect(await admin.write('POST', '/api/admin/housekeeping/run')).toMatchObject({
      status: 409,
      body: { error: 'Housekeeping is already running' },
    })
    expect(
      (await admin.request('GET', '/api/admin/housekeeping/status')).body.status.jobs.housekeeping.inProgress,
    ).toBe(true)
    await sql(server.database, 'DELETE FROM job_locks WHERE owner = ?', 'another-process')
    expect((await admin.write('POST', '/api/admin/housekeeping/run')).status).toBe(200)
  })

  it('takes over a lock whose holder died (its lease ended)', async () => {
    await sql(
      server.database,
      'INSERT INTO job_locks (name, owner, acquired_at, expires_at) VALUES (?, ?, ?, ?)',
      'housekeeping',
      'crashed',
      new Date(Date.now() - 3600_000),
      new Date(Date.now() - 1000),
    )
    expect((await admin.write('POST', '/api/admin/housekeeping/run')).status).toBe(200)
    expect(await sql(server.database, 'SELECT * FROM job_locks')).toEqual([])
  })

  it('lets only one of two concurrent runs proceed', async () => {
    const { runHousekeeping } = await import('@/lib/housekeeping/run')
    const outcomes = await Promise.allSettled([runHousekeeping('manual'), runHousekeeping('manual')])
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected'])
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult
    expect(refused.reason.message).toBe('Housekeeping is already running')
  })

  it('after 49 hours deletes the thread dead for 49 hours with its media, keeps the one dead for 47, and removes old orphans only', async () => {
    const media = path.join(server.dataDir, 'media')
    await housekeepingAfter49Hours(server, {
      put: async (key, bytes) => {
        await mkdir(path.dirname(path.join(media, key)), { recursive: true })
        await writeFile(path.join(media, key), bytes)
      },
      exists: (key) =>
        access(path.join(media, key)).then(
          () => true,
          () => false,
        ),
      setLastModified: (key, when) => utimes(path.join(media, key), when, when),
      keyOf: (url) => new URL(url, server.url).pathname.replace(/^\/media\//, ''),
    })
  })

  it('removes temporary files that interrupted uploads left (older than an hour) and reports how many', async () => {
    const media = path.join(server.dataDir, 'media')
    const hash = 'ab' + '0123456789abcdef'.repeat(4).slice(2)
    // The names a crash between write and rename leaves: "<key>.<12 hex>.tmp".
    const stale = [`ab/${hash}.png.0a1b2c3d4e5f.tmp`, `ab/${hash}-thumb.webp.ffeeddccbbaa.tmp`]
    const young = `ab/${hash}.png.123456abcdef.tmp`
    const foreign = 'ab/notes.tmp'
    await mkdir(path.join(media, 'ab'), { recursive: true })
    for (const f of [...stale, young, foreign]) await writeFile(path.join(media, f), 'partial')
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000)
    for (const f of [...stale, foreign]) await utimes(path.join(media, f), twoHoursAgo, twoHoursAgo)
    const res = await admin.write('POST', '/api/admin/housekeeping/run')
    expect(res.body.results.tasks.fileCleanup).toMatchObject({ tempFilesDeleted: 2, errors: 0 })
    const exists = (f: string) =>
      access(path.join(media, f)).then(
        () => true,
        () => false,
      )
    for (const f of stale) expect(await exists(f)).toBe(false)
    expect(await exists(young)).toBe(true)
    expect(await exists(foreign)).toBe(true) // not a name the storage writes: left alone
  })

  it('walks more stored files than one batch looks up at once, deleting the old orphans among them', async () => {
    const media = path.join(server.dataDir, 'media')
    await mkdir(path.join(media, 'ob'), { recursive: true })
    // 501 files: one full batch of 500 keys (two probes each in one statement) and one more.
    const orphans = Array.from({ length: 501 }, (_, i) => `ob/orphan-batch-${i}.png`)
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000)
    for (const f of orphans) {
      await writeFile(path.join(media, f), 'x')
      await utimes(path.join(media, f), twoHoursAgo, twoHoursAgo)
    }
    const res = await admin.write('POST', '/api/admin/housekeeping/run')
    expect(res.body.results.tasks.fileCleanup.errors).toBe(0)
    expect(res.body.results.tasks.fileCleanup.deletedFiles).toBeGreaterThanOrEqual(501)
    const left = orphans.filter((f) => existsSync(path.join(media, f)))
    expect(left).toEqual([])
  })

  it('prunes boards back to 100 live threads as a safety net', async () => {
    const now = new Date()
    for (let i = 0; i < 102; i++) {
      await sql(
        server.database,
        'INSERT INTO threads (board_id, topic, is_sticky, is_dead, post_count, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        'diy',
        `t${i}`,
        false,
        false,
        0,
        now,
        new Date(now.getTime() + i * 1000),
      )
    }
    const res = await admin.write('POST', '/api/admin/housekeeping/run')
    expect(res.body.results.tasks.threadCleanup.threadsMarkedDead).toBe(2)
    const dead = await sql<{ topic: string }>(
      server.database,
      'SELECT topic FROM threads WHERE board_id = ? AND is_dead = ? ORDER BY topic',
      'diy',
      true,
    )
    expect(dead.map((t) => t.topic)).toEqual(['t0', 't1'])
  })

  it('is for admins only', async () => {
    const m = await createStaff(server.database, { username: 'mod', role: 'moderator' })
    const c = new StaffClient(server.url)
    await c.login(m.username, m.password)
    expect(await c.request('GET', '/api/admin/housekeeping/status')).toMatchObject({
      status: 403,
      body: { error: 'Admin privileges required' },
    })
    expect(await c.write('POST', '/api/admin/housekeeping/run')).toMatchObject({
      status: 403,
      body: { error: 'Admin privileges required' },
    })
    expect((await fetch(`${server.url}/api/admin/housekeeping/status`)).status).toBe(401)
  })
})

describe('the schedule', () => {
  it('runs at start-up and shows as running', async () => {
    const scheduled = await startServer({ env: { HOUSEKEEPING: 'on' } })
    try {
      const u = await createStaff(scheduled.database, { username: 'root', role: 'admin' })
      const c = new StaffClient(scheduled.url)
      await c.login(u.username, u.password)
      let job: Record<string, unknown> = {}
      for (let i = 0; i < 50 && !job.lastRun; i++) {
        job = (await c.request('GET', '/api/admin/housekeeping/status')).body.status.jobs.housekeeping
        if (!job.lastRun) await new Promise((r) => setTimeout(r, 200))
      }
      expect(job).toMatchObject({ running: true, lastRun: expect.any(String), intervalMinutes: 60 })
      expect(Date.parse(job.nextRun as string) - Date.now()).toBeGreaterThan(55 * 60_000)
      expect(scheduled.output()).toMatch(/Housekeeping \(startup\) finished/)
    } finally {
      await scheduled.stop()
      await scheduled.database.drop()
    }
  })
})
