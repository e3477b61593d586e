// The proof-of-work captcha against the real server: GET /api/captcha hands out signed challenges that expire in
// ten minutes; on a board whose `captcha` setting asks for one, a post without a solution is refused with
// "Captcha required", and a wrong, expired or already used one with "Captcha invalid" (before the rate limit
// counts it and before any upload is stored); staff post without one. The setting is changed through PATCH, new
// boards get CAPTCHA_DEFAULT, and bad values are refused. Solutions are computed here with ALTCHA's own solver.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { createChallenge, solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CAPTCHA_SECRET_NAME, captchaKeysFrom } from '@/lib/captcha/keys'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { startExpectingFailure, startServer, type TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'
import { loggedInAdmin, type StaffClient } from '../helpers/staff'

let server: TestServer
let admin: StaffClient
let ips = 0
/** A fresh client address per test, so no test shares another's rate-limit counters. */
const nextIp = () => `198.51.100.${++ips}`

beforeAll(async () => {
  server = await startServer({
    env: {
      TRUST_PROXY_HOPS: '1',
      // Small, so this test solves challenges quickly; the cost for people is measured in bench/.
      CAPTCHA_COMPLEXITY: '20',
      // Three replies a minute per address: enough to show that refused solutions are not counted.
      RATE_LIMITS: JSON.stringify({
        api: { points: 100000 },
        threadCreate: { points: 1000 },
        postCreate: { points: 3 },
        staffWrite: { points: 1000 },
      }),
    },
  })
  admin = await loggedInAdmin(server, as('10.9.9.9'))
})
afterAll(async () => {
  await server?.stop()
})

/** The widget's payload for a challenge: base64 of {challenge, solution}. */
function payloadOf(challenge: Challenge, solution: { counter: number; derivedKey: string }): string {
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
}

async function challengeFrom(base = server.url): Promise<Challenge> {
  const res = await fetch(`${base}/api/captcha`)
  expect(res.status).toBe(200)
  return res.json()
}

/** Fetches a challenge and solves it as the browser's worker would. */
async function solved(base = server.url): Promise<string> {
  const challenge = await challengeFrom(base)
  const solution = await solveChallenge({ challenge, deriveKey })
  expect(solution).not.toBeNull()
  return payloadOf(challenge, solution!)
}

async function setCaptcha(board: string, captcha: string) {
  const res = await admin.write('PATCH', `/api/admin/boards/${board}`, { captcha })
  expect(res.status).toBe(200)
  expect(res.body.board.captcha).toBe(captcha)
}

function newThread(board: string, ip: string, captcha?: string, base = server.url) {
  return postForm(
    `${base}/api/boards/${board}/threads`,
    form({ topic: 'captcha test', content: 'op', ...(captcha ? { captcha } : {}) }, { name: 'a.png', bytes: pngBytes }),
    as(ip),
  )
}

function reply(board: string, threadId: number, ip: string, captcha?: string, base = server.url) {
  return postForm(
    `${base}/api/boards/${board}/threads/${threadId}/posts`,
    form({ content: 'a reply', ...(captcha ? { captcha } : {}) }),
    as(ip),
  )
}

let pngBytes: Buffer
beforeAll(async () => {
  pngBytes = await png()
})

const REQUIRED = { error: 'Captcha required' }
const INVALID = { error: 'Captcha invalid' }

describe('GET /api/captcha', () => {
  it('hands out a signed PBKDF2 challenge that expires in ten minutes and is never cached', async () => {
    const before = Date.now() / 1000
    const res = await fetch(`${server.url}/api/captcha`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const challenge = (await res.json()) as Challenge
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/)
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1000, keyLength: 32 })
    expect(challenge.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/)
    expect(challenge.parameters.expiresAt).toBeGreaterThanOrEqual(Math.floor(before + 600))
    expect(challenge.parameters.expiresAt).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000 + 600))
    const other = await challengeFrom()
    expect(other.parameters.nonce).not.toBe(challenge.parameters.nonce)
    expect((await fetch(`${server.url}/api/captcha`, { method: 'POST' })).status).toBe(405)
  })
})

describe('board setting', () => {
  it('is off by default, changes through PATCH (in the audit log) and refuses anything but off, threads, all', async () => {
    const boards = (await (await fetch(`${server.url}/api/boards`)).json()).boards as { captcha: string }[]
    expect(boards.every((b) => b.captcha === 'off')).toBe(true)
    await setCaptcha('diy', 'threads')
    expect((await (await fetch(`${server.url}/api/boards/diy`)).json()).board.captcha).toBe('threads')
    const audit = await sql<{ details: unknown }>(
      server.database,
      "SELECT details FROM staff_audit_log WHERE target = 'board:diy' AND action = 'board_updated'",
    )
    const details = audit.map((r) => (typeof r.details === 'string' ? JSON.parse(r.details) : r.details))
    expect(details).toContainEqual({ captcha: { from: 'off', to: 'threads' } })
    for (const bad of ['sometimes', '', 'ALL', 1, true, null]) {
      const res = await admin.write('PATCH', '/api/admin/boards/diy', { captcha: bad })
      expect(res.status, JSON.stringify(bad)).toBe(400)
      expect(res.body.details).toContainEqual({ field: 'captcha', message: 'captcha must be off, threads or all' })
    }
    const created = await admin.write('POST', '/api/admin/boards', { id: 'capbad', name: 'Bad', captcha: 'on' })
    expect(created.status).toBe(400)
    await setCaptcha('diy', 'off')
  })

  it('is written when a board is created with one', async () => {
    const res = await admin.write('POST', '/api/admin/boards', { id: 'capnew', name: 'Captcha board', captcha: 'all' })
    expect(res.status).toBe(201)
    expect(res.body.board.captcha).toBe('all')
    const plain = await admin.write('POST', '/api/admin/boards', { id: 'capplain', name: 'Plain board' })
    expect(plain.body.board.captcha).toBe('off')
  })
})

describe('posting on a board with captcha "threads"', () => {
  it('asks for a solution to create a thread, not to reply', async () => {
    await setCaptcha('anime', 'threads')
    const ip = nextIp()
    expect(await newThread('anime', ip)).toMatchObject({ status: 403, body: REQUIRED })
    const t = await newThread('anime', ip, await solved())
    expect(t.status).toBe(201)
    expect((await reply('anime', t.body.threadId, ip)).status).toBe(201)
  })
})

describe('posting on a board with captcha "all"', () => {
  let threadId: number
  beforeAll(async () => {
    await setCaptcha('tech', 'all')
    const t = await newThread('tech', nextIp(), await solved())
    expect(t.status).toBe(201)
    threadId = t.body.threadId
  })

  it('refuses a missing solution, then takes a solved one', async () => {
    const ip = nextIp()
    expect(await reply('tech', threadId, ip)).toMatchObject({ status: 403, body: REQUIRED })
    expect(await reply('tech', threadId, ip, '')).toMatchObject({ status: 403, body: REQUIRED })
    expect((await reply('tech', threadId, ip, await solved())).status).toBe(201)
  })

  it('refuses wrong solutions: a wrong key, another counter’s key, a tampered challenge, garbage', async () => {
    const ip = nextIp()
    const challenge = await challengeFrom()
    const right = (await solveChallenge({ challenge, deriveKey }))!
    const wrongKey = { ...right, derivedKey: right.derivedKey.replace(/^./, (c) => (c === '0' ? '1' : '0')) }
    expect(await reply('tech', threadId, ip, payloadOf(challenge, wrongKey))).toMatchObject({
      status: 403,
      body: INVALID,
    })
    // The key another counter derives: a real derivation, just not the one the challenge asks for.
    const otherKey = await deriveKey(
      challenge.parameters,
      Buffer.from(challenge.parameters.salt, 'hex'),
      Buffer.concat([Buffer.from(challenge.parameters.nonce, 'hex'), Buffer.from([0, 0, 0, 0])]),
    )
    const other = { counter: 0, derivedKey: Buffer.from(otherKey.derivedKey).toString('hex') }
    expect(await reply('tech', threadId, ip, payloadOf(challenge, other))).toMatchObject({ status: 403, body: INVALID })
    // A longer expiry or a lower cost breaks the signature.
    const later = {
      ...challenge,
      parameters: { ...challenge.parameters, expiresAt: challenge.parameters.expiresAt! + 3600 },
    }
    expect(await reply('tech', threadId, ip, payloadOf(later, right))).toMatchObject({ status: 403, body: INVALID })
    for (const garbage of ['not base64 !', Buffer.from('{"challenge":1}').toString('base64'), 'x'.repeat(10_000)])
      expect(await reply('tech', threadId, ip, garbage)).toMatchObject({ status: 403, body: INVALID })
    // After all that the right solution is still good (none of the refusals used it up).
    expect((await reply('tech', threadId, ip, payloadOf(challenge, right))).status).toBe(201)
  })

  it('takes a solution once: a replay is refused', async () => {
    const ip = nextIp()
    const payload = await solved()
    expect((await reply('tech', threadId, ip, payload)).status).toBe(201)
    expect(await reply('tech', threadId, ip, payload)).toMatchObject({ status: 403, body: INVALID })
    expect(await reply('tech', threadId, nextIp(), payload)).toMatchObject({ status: 403, body: INVALID })
    // Recorded in the database (no Redis here), until the challenge's expiry.
    const rows = await sql<{ expires_at: unknown }>(server.database, 'SELECT expires_at FROM captcha_uses')
    expect(rows.length).toBeGreaterThan(0)
  })

  it('refuses an expired challenge signed with the server’s own key', async () => {
    await challengeFrom() // the server's key exists once it has issued a challenge
    const [row] = await sql<{ value: string }>(
      server.database,
      'SELECT value FROM secrets WHERE name = ?',
      CAPTCHA_SECRET_NAME,
    )
    const keys = captchaKeysFrom(row.value)
    const signed = async (expiresAt: Date) => {
      const challenge = await createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: 1000,
        counter: 5,
        deriveKey,
        expiresAt,
        hmacSignatureSecret: keys.challenge,
        hmacKeySignatureSecret: keys.answer,
      })
      return payloadOf(challenge, (await solveChallenge({ challenge, deriveKey }))!)
    }
    const ip = nextIp()
    expect(await reply('tech', threadId, ip, await signed(new Date(Date.now() - 1000)))).toMatchObject({
      status: 403,
      body: INVALID,
    })
    // The same construction within its ten minutes passes: the refusal above is the expiry's.
    expect((await reply('tech', threadId, ip, await signed(new Date(Date.now() + 60_000)))).status).toBe(201)
  })

  it('checks after the ban and before the rate limit and the upload', async () => {
    const banned = nextIp()
    const ban = await admin.write('POST', '/api/admin/bans', {
      ip_address: banned,
      board_id: 'tech',
      reason: 'captcha order',
      expires_at: null,
    })
    expect(ban.status).toBe(201)
    expect((await reply('tech', threadId, banned)).body.error).toBe('Banned')

    const ip = nextIp()
    const media = path.join(server.dataDir, 'media')
    const files = () => readdirSync(media, { recursive: true }).length
    const stored = files()
    // postCreate allows three a minute: ten refusals for want of a captcha count for nothing, file or not.
    for (let i = 0; i < 10; i++) expect(await newThread('tech', ip)).toMatchObject({ status: 403, body: REQUIRED })
    expect(files()).toBe(stored)
    for (let i = 0; i < 3; i++) expect((await reply('tech', threadId, ip, await solved())).status).toBe(201)
    expect((await reply('tech', threadId, ip, await solved())).status).toBe(429)
    // At the limit the body is not read: the answer is 429 even without a solution, so none is spent on it.
    expect((await reply('tech', threadId, ip)).status).toBe(429)
  })

  it('lets staff post without a solution', async () => {
    const headers = { ...as(nextIp()), Cookie: admin.cookie }
    const r = await postForm(
      `${server.url}/api/boards/tech/threads/${threadId}/posts`,
      form({ content: 'staff' }),
      headers,
    )
    expect(r.status).toBe(201)
    const t = await postForm(
      `${server.url}/api/boards/tech/threads`,
      form({ topic: 'staff thread', content: 'op' }, { name: 'a.png', bytes: pngBytes }),
      headers,
    )
    expect(t.status).toBe(201)
  })

  it('says on the thread page, for browsers without JavaScript, that posting needs JavaScript', async () => {
    const html = await (await fetch(`${server.url}/board/tech/thread/${threadId}`)).text()
    expect(html).toContain('Posting on this board needs JavaScript')
    const off = await newThread('food', nextIp())
    expect(off.status).toBe(201)
    const plain = await (await fetch(`${server.url}/board/food/thread/${off.body.threadId}`)).text()
    expect(plain).not.toContain('Posting on this board needs JavaScript')
  })
})

/** Tests that start servers of their own: generous on a loaded machine. */
const STARTS = { timeout: 240_000 }

describe('CAPTCHA_DEFAULT', () => {
  it('applies to the boards a new site starts with and to boards created without a setting', STARTS, async () => {
    const other = await startServer({ env: { CAPTCHA_DEFAULT: 'threads', TRUST_PROXY_HOPS: '1' } })
    try {
      const boards = (await (await fetch(`${other.url}/api/boards`)).json()).boards as { captcha: string }[]
      expect(boards.length).toBeGreaterThan(0)
      expect(boards.every((b) => b.captcha === 'threads')).toBe(true)
      const staff = await loggedInAdmin(other, as('10.9.9.8'))
      const made = await staff.write('POST', '/api/admin/boards', { id: 'defaulted', name: 'Defaulted' })
      expect(made.body.board.captcha).toBe('threads')
      const chosen = await staff.write('POST', '/api/admin/boards', { id: 'chosen', name: 'Chosen', captcha: 'off' })
      expect(chosen.body.board.captcha).toBe('off')
      const t = await postForm(
        `${other.url}/api/boards/defaulted/threads`,
        form({ topic: 't', content: 'op' }, { name: 'a.png', bytes: pngBytes }),
        as('192.0.2.77'),
      )
      expect(t).toMatchObject({ status: 403, body: REQUIRED })
    } finally {
      await other.stop()
    }
  })

  it('refuses bad values of CAPTCHA_DEFAULT and CAPTCHA_COMPLEXITY at start-up', STARTS, async () => {
    const bad = await startExpectingFailure({ CAPTCHA_DEFAULT: 'always' })
    expect(bad.code).not.toBe(0)
    expect(bad.output).toContain('CAPTCHA_DEFAULT: must be off, threads or all')
    for (const complexity of ['0', 'lots', '2000000']) {
      const res = await startExpectingFailure({ CAPTCHA_COMPLEXITY: complexity })
      expect(res.code).not.toBe(0)
      expect(res.output).toContain('CAPTCHA_COMPLEXITY')
    }
  })
})
