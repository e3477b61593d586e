// The duplicate-post rule with two Corkboard processes on one PostgreSQL database (they share nothing else): each
// refuses what the other stored, and the same post sent to both at the same moment gets through exactly once.
// Runs on PostgreSQL whatever TEST_DATABASE_URL says: that is the deployment with several processes.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../helpers/database'
import { as, form, postForm, type Upload } from '../helpers/http'
import { png } from '../helpers/media'
import { startServer, type TestServer, roomyRateLimits } from '../helpers/server'
import { sql } from '../helpers/sql'

let database: TestDatabase
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'corkboard-dup-'))
let a: TestServer
let b: TestServer

beforeAll(async () => {
  database = await createTestDatabase(dataDir, 'postgresql')
  const env = {
    TRUST_PROXY_HOPS: '1',
    RATE_LIMITS: roomyRateLimits(),
    DUPLICATE_TEXT_SECONDS: '600',
    DUPLICATE_FILE_SECONDS: '3600',
  }
  a = await startServer({ env, database, keep: true })
  b = await startServer({ env, database, keep: true })
})
afterAll(async () => {
  await b?.stop()
  await a?.stop()
  await database?.drop()
  for (const dir of [dataDir, a?.dataDir, b?.dataDir]) if (dir) rmSync(dir, { recursive: true, force: true })
})

let nextIp = 1
const freshIp = () => `198.51.100.${nextIp++}`
let shade = 0
const freshPng = async (): Promise<Upload> => ({
  name: 'p.png',
  bytes: await png(24, 24, { r: 9, g: shade++ % 256, b: 200 }),
})
const unique = (label: string) => `${label} ${Math.random().toString(36).slice(2)}`

const newThread = async (s: TestServer, content: string, file: Upload) =>
  postForm(`${s.url}/api/boards/tech/threads`, form({ topic: 'T', content }, file), as(freshIp()))
const reply = (s: TestServer, threadId: number, content: string, file?: Upload) =>
  postForm(`${s.url}/api/boards/tech/threads/${threadId}/posts`, form({ content }, file), as(freshIp()))
async function thread(s: TestServer): Promise<number> {
  const res = await newThread(s, unique('op'), await freshPng())
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.threadId
}

it("each process refuses the other's text and file", async () => {
  const [onA, onB] = [await thread(a), await thread(b)]
  const text = unique('Posted through process A')
  expect((await reply(a, onA, text)).status).toBe(201)
  const refused = await reply(b, onB, text.toUpperCase())
  expect(refused.status).toBe(409)
  expect(refused.body.error).toBe('Duplicate post')

  const file = await freshPng()
  expect((await reply(b, onB, '', file)).status).toBe(201)
  expect((await reply(a, onA, '', file)).status).toBe(409)
})

it('the same reply sent to both processes at once is stored once', async () => {
  const [onA, onB] = [await thread(a), await thread(b)]
  for (let i = 0; i < 8; i++) {
    const text = unique(`Simultaneous ${i}`)
    const results = await Promise.all([reply(a, onA, text), reply(b, onB, text)])
    expect(results.map((r) => r.status).sort()).toEqual([201, 409])
    const rows = await sql<{ n: number }>(database, 'SELECT COUNT(*) AS n FROM posts WHERE content = ?', text)
    expect(Number(rows[0].n)).toBe(1)
  }
})

it('the same file sent to both processes at once as two new threads makes one thread', async () => {
  for (let i = 0; i < 4; i++) {
    const file = await freshPng()
    const results = await Promise.all([newThread(a, unique('first'), file), newThread(b, unique('second'), file)])
    expect(results.map((r) => r.status).sort()).toEqual([201, 409])
  }
})
