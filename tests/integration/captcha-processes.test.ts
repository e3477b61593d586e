// A captcha solution posts once across processes: two servers with their own data directories share only the
// database (and, in the second case, Redis). A challenge issued by one is answered to the other, and the same
// solution replayed to the first is refused. Without Redis the used solution is a row of captcha_uses; with Redis it
// is a key that expires with the challenge, and the table stays empty.
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { Redis } from 'ioredis'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../helpers/database'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { startServer, type TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'
import { loggedInAdmin } from '../helpers/staff'

/** Two servers start one after the other: generous on a loaded machine. */
const STARTS = { timeout: 240_000 }
const servers: TestServer[] = []
afterEach(async () => {
  // The second server keeps the shared database; the first drops it when it stops.
  for (const s of servers.splice(0).reverse()) await s.stop()
})

async function twoProcesses(env: Record<string, string>): Promise<[TestServer, TestServer]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'corkboard-captcha-'))
  const database = await createTestDatabase(dataDir)
  const shared = { TRUST_PROXY_HOPS: '1', CAPTCHA_COMPLEXITY: '20', CAPTCHA_DEFAULT: 'all', ...env }
  const a = await startServer({ env: shared, dataDir, database })
  servers.push(a)
  const b = await startServer({
    env: shared,
    database,
    keep: true,
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'corkboard-captcha-')),
  })
  servers.push(b)
  return [a, b]
}

async function solvedFrom(server: TestServer): Promise<{ payload: string; challenge: Challenge }> {
  const challenge = (await (await fetch(`${server.url}/api/captcha`)).json()) as Challenge
  const solution = await solveChallenge({ challenge, deriveKey })
  return { challenge, payload: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64') }
}

async function replyWith(server: TestServer, threadId: number, ip: string, captcha: string) {
  return postForm(
    `${server.url}/api/boards/tech/threads/${threadId}/posts`,
    form({ content: 'across processes', captcha }),
    as(ip),
  )
}

/** A thread on /tech/ (captcha `all` from CAPTCHA_DEFAULT), created by staff, who need no captcha. */
async function staffThread(server: TestServer): Promise<number> {
  const admin = await loggedInAdmin(server, as('10.8.8.8'))
  const res = await postForm(
    `${server.url}/api/boards/tech/threads`,
    form({ topic: 'two processes', content: 'op' }, { name: 'a.png', bytes: await png() }),
    { ...as('10.8.8.8'), Cookie: admin.cookie },
  )
  expect(res.status).toBe(201)
  return res.body.threadId
}

describe('two processes sharing the database', () => {
  it('accept a challenge from either and refuse a solution used on the other', STARTS, async () => {
    const [a, b] = await twoProcesses({})
    const threadId = await staffThread(a)
    const { payload, challenge } = await solvedFrom(a)
    expect((await replyWith(b, threadId, '192.0.2.61', payload)).status).toBe(201)
    expect(await replyWith(a, threadId, '192.0.2.62', payload)).toMatchObject({
      status: 403,
      body: { error: 'Captcha invalid' },
    })
    expect(await replyWith(b, threadId, '192.0.2.63', payload)).toMatchObject({
      status: 403,
      body: { error: 'Captcha invalid' },
    })
    const rows = await sql<{ expires_at: unknown }>(a.database, 'SELECT expires_at FROM captcha_uses')
    expect(rows).toHaveLength(1)
    // Kept until the challenge expires.
    expect(new Date(rows[0].expires_at as string).getTime()).toBe(challenge.parameters.expiresAt! * 1000)
  })
})

describe('two processes sharing the database and Redis', () => {
  it(
    'record used solutions in Redis until the challenge expires, and refuse a replay on the other process',
    STARTS,
    async () => {
      const prefix = `cb-captcha-${randomBytes(4).toString('hex')}`
      const [a, b] = await twoProcesses({ REDIS_URL: 'redis://127.0.0.1:6379', REDIS_PREFIX: prefix })
      const threadId = await staffThread(b)
      const { payload } = await solvedFrom(b)
      expect((await replyWith(a, threadId, '192.0.2.71', payload)).status).toBe(201)
      expect(await replyWith(b, threadId, '192.0.2.72', payload)).toMatchObject({
        status: 403,
        body: { error: 'Captcha invalid' },
      })
      const redis = new Redis('redis://127.0.0.1:6379')
      try {
        const keys = await redis.keys(`${prefix}:captcha:*`)
        expect(keys).toHaveLength(1)
        const ttl = await redis.pttl(keys[0])
        expect(ttl).toBeGreaterThan(0)
        expect(ttl).toBeLessThanOrEqual(10 * 60_000)
        await redis.del(...keys)
      } finally {
        redis.disconnect()
      }
      expect(await sql(a.database, 'SELECT expires_at FROM captcha_uses')).toEqual([])
    },
  )
})
