// A reader's thread page catches up after a Redis outage: two processes share a throwaway redis-server; while it
// is down a reply is posted to the process the reader is not connected to, and that event never reaches the
// reader's process. Once Redis is back, that process tells its socket clients to resynchronise, and the page
// fetches the reply without a reload.
import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { createTestDatabase, type TestDatabase } from '../helpers/database'
import { form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { freePort, killRedis, startRedis } from '../helpers/redis'
import { startServer, type TestServer } from '../helpers/server'

let port: number
let redis: ChildProcess | undefined
let dataDir: string
let database: TestDatabase
let a: TestServer
let b: TestServer

test.beforeAll(async () => {
  test.setTimeout(120_000)
  port = await freePort()
  redis = await startRedis(port)
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'corkboard-e2e-redis-'))
  database = await createTestDatabase(dataDir)
  const env = {
    REDIS_URL: `redis://127.0.0.1:${port}`,
    REDIS_PREFIX: `cb-e2e-${randomBytes(4).toString('hex')}`,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    POSTER_ID_SECRET: randomBytes(32).toString('hex'),
  }
  a = await startServer({ env, database, dataDir, keep: true })
  b = await startServer({ env, database, dataDir, keep: true })
})

test.afterAll(async () => {
  await b?.stop()
  await a?.stop()
  await killRedis(redis)
  await database?.drop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

test('a thread page resynchronises after a Redis outage and shows the reply it missed', async ({ page }) => {
  const t = await postForm(
    `${a.url}/api/boards/tech/threads`,
    form({ topic: 'Outage reader', content: 'op' }, { name: 'a.png', bytes: await png(40, 30) }),
  )
  expect(t.status).toBe(201)
  // The page fetches what it may have missed once its first join is acknowledged; let that pass first.
  const caughtUp = page.waitForResponse((res) => res.url().includes('/posts?') && res.url().includes('after='))
  await page.goto(`${b.url}/board/tech/thread/${t.body.threadId}`)
  await caughtUp
  await expect(page.getByTestId('live-indicator')).toHaveText('Live updates enabled')

  await killRedis(redis)
  const r = await postForm(
    `${a.url}/api/boards/tech/threads/${t.body.threadId}/posts`,
    form({ content: 'posted while Redis was down' }),
  )
  expect(r.status).toBe(201)
  // The event could not cross processes: the reader (on the other process) does not see the reply.
  await page.waitForTimeout(1_500)
  await expect(page.getByText('posted while Redis was down')).toHaveCount(0)

  redis = await startRedis(port)
  await expect(page.getByText('posted while Redis was down')).toBeVisible({ timeout: 15_000 })
})
