// Bad uploads are refused early and leave nothing behind: no row, no file, and no memory spent on the body.
import { readFileSync, readdirSync, existsSync } from 'node:fs'
import { request } from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { startServer, type TestServer, roomyRateLimits } from '../helpers/server'
import { sql } from '../helpers/sql'

let server: TestServer
beforeAll(async () => {
  server = await startServer({
    env: {
      RATE_LIMITS: roomyRateLimits(),
    },
  })
})
afterAll(async () => {
  await server?.stop()
})

const rssMiB = () =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.proc.pid}/status`, 'utf8'))![1]) / 1024
/** Stored files (a discarded file may leave its empty shard folder behind, which holds nothing). */
const mediaCount = () => {
  const dir = path.join(server.dataDir, 'media')
  if (!existsSync(dir)) return 0
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
}
const rowCounts = async () => {
  const [t] = await sql<{ n: number }>(server.database, 'SELECT count(*) AS n FROM threads')
  const [p] = await sql<{ n: number }>(server.database, 'SELECT count(*) AS n FROM posts')
  return [Number(t.n), Number(p.n)]
}

/** Streams `total` bytes of a file part without a Content-Length, the way a hostile client would. */
function streamUpload(url: string, total: number): Promise<{ status: number; body: string; sent: number }> {
  const boundary = 'cb-stream'
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="topic"\r\n\r\nbig\r\n--${boundary}\r\n` +
      `Content-Disposition: form-data; name="content"\r\n\r\nbig\r\n--${boundary}\r\n` +
      `Content-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
  )
  return new Promise((resolve, reject) => {
    let sent = 0
    let answered = false
    const req = request(
      url,
      {
        method: 'POST',
        headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Transfer-Encoding': 'chunked' },
      },
      (res) => {
        answered = true
        let body = ''
        res.on('data', (d) => (body += d))
        res.on('end', () => resolve({ status: res.statusCode!, body, sent }))
      },
    )
    req.on('error', (err) => (answered ? undefined : reject(err)))
    req.write(head)
    const chunk = Buffer.alloc(256 * 1024, 7)
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length
        if (!req.write(chunk)) return void req.once('drain', pump)
      }
      if (!answered) req.end(`\r\n--${boundary}--\r\n`)
    }
    pump()
  })
}

it('cuts off a 5 MiB upload with 413 without holding it in memory, and stores nothing', async () => {
  const before = { rows: await rowCounts(), media: mediaCount() }
  // Warm up the route so module loading does not count as upload memory.
  await postForm(`${server.url}/api/boards/tech/threads`, form({ topic: '', content: '' }))
  const rss = rssMiB()
  const res = await streamUpload(`${server.url}/api/boards/tech/threads`, 5 * 1024 * 1024)
  expect(res.status).toBe(413)
  expect(JSON.parse(res.body)).toEqual({
    error: 'File too large',
    message: 'Files must be 4 MiB or smaller.',
    maxBytes: 4194304,
  })
  // And a body ten times larger: the answer comes before the client could send it all.
  const huge = await streamUpload(`${server.url}/api/boards/tech/threads`, 200 * 1024 * 1024)
  expect(huge.status).toBe(413)
  expect(huge.sent).toBeLessThan(200 * 1024 * 1024)
  expect(rssMiB() - rss).toBeLessThan(50)
  expect(await rowCounts()).toEqual(before.rows)
  expect(mediaCount()).toBe(before.media)
})

it('refuses an HTML page named .png with 415 and stores nothing', async () => {
  const before = { rows: await rowCounts(), media: mediaCount() }
  const html = Buffer.from('<!doctype html><html><head><script>alert(1)</script></head><body>hi</body></html>')
  const res = await postForm(
    `${server.url}/api/boards/tech/threads`,
    form({ topic: 't', content: 'c' }, { name: 'cat.png', bytes: html, type: 'image/png' }),
  )
  expect(res.status).toBe(415)
  expect(res.body.error).toBe('Invalid file type')
  expect(await rowCounts()).toEqual(before.rows)
  expect(mediaCount()).toBe(before.media)
})

it('leaves nothing behind for empty, too long, unknown and archived replies', async () => {
  const { body: t } = await postForm(
    `${server.url}/api/boards/tech/threads`,
    form({ topic: 't', content: 'c' }, { name: 'a.png', bytes: await png(21, 21) }),
  )
  const before = { rows: await rowCounts(), media: mediaCount() }
  const img = { name: 'r.png', bytes: await png(22, 22, { r: 9, g: 9, b: 9 }) }
  const cases: [string, FormData, number, string][] = [
    [`tech/threads/${t.threadId}/posts`, form({ content: ' ' }), 400, 'No content'],
    [`tech/threads/${t.threadId}/posts`, form({ content: 'x'.repeat(4001) }, img), 400, 'Content too long'],
    [`nope/threads/${t.threadId}/posts`, form({ content: 'x' }, img), 404, 'Board not found'],
    [`tech/threads/999999/posts`, form({ content: 'x' }, img), 404, 'Thread not found'],
  ]
  for (const [p, body, status, error] of cases) {
    const res = await postForm(`${server.url}/api/boards/${p}`, body)
    expect([res.status, res.body.error]).toEqual([status, error])
  }
  await sql(server.database, 'UPDATE threads SET is_dead = ?, died_at = ? WHERE id = ?', true, new Date(), t.threadId)
  const archived = await postForm(
    `${server.url}/api/boards/tech/threads/${t.threadId}/posts`,
    form({ content: 'x' }, img),
  )
  expect(archived.status).toBe(409)
  expect(await rowCounts()).toEqual(before.rows)
  expect(mediaCount()).toBe(before.media)
})
