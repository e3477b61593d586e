// A request in flight when SIGTERM arrives still completes; then the process exits 0, within 5 s even while clients
// keep sending on keep-alive connections, and every post it acknowledged is stored.
import { rmSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { describe, expect, it } from 'vitest'
import { form, httpRequest } from '../helpers/http'
import { png } from '../helpers/media'
import { startServer } from '../helpers/server'

it('finishes an upload that is in flight when SIGTERM arrives', async () => {
  const server = await startServer()
  const boundary = 'cb-boundary'
  const image = await png()
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="topic"\r\n\r\nslow\r\n--${boundary}\r\n` +
      `Content-Disposition: form-data; name="content"\r\n\r\nin flight\r\n--${boundary}\r\n` +
      `Content-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const body = Buffer.concat([head, image, tail])

  const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(
      `${server.url}/api/boards/tech/threads`,
      {
        method: 'POST',
        headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': body.length },
      },
      (res) => {
        let text = ''
        res.on('data', (d) => (text += d))
        res.on('end', () => resolve({ status: res.statusCode!, text }))
      },
    )
    req.on('error', (err) => reject(new Error(`${err.message}\n--- server output ---\n${server.output()}`)))
    // Send half, signal the server, then send the rest.
    req.write(body.subarray(0, head.length + 10))
    setTimeout(() => {
      const exited = server.stop('SIGTERM')
      setTimeout(() => req.end(body.subarray(head.length + 10)), 500)
      void exited
    }, 300)
  })
  const res = await response
  expect(res.status).toBe(201)
  expect(JSON.parse(res.text).message).toBe('Thread created successfully')
  expect(await server.stop()).toBe(0)
  expect(server.output()).toContain('SIGTERM received, shutting down')
})

describe('shutdown under load', () => {
  it('SIGTERM while keep-alive clients keep posting and reading: exit 0 within 5 s, every acknowledged post stored', async () => {
    const limits = JSON.stringify({
      api: { points: 1_000_000 },
      threadCreate: { points: 1000 },
      postCreate: { points: 1_000_000 },
    })
    const first = await startServer({ keep: true, env: { RATE_LIMITS: limits } })
    let second: Awaited<ReturnType<typeof startServer>> | undefined
    try {
      const created = await fetch(`${first.url}/api/boards/tech/threads`, {
        method: 'POST',
        body: form({ topic: 'Load', content: 'shutdown' }, { name: 'a.png', bytes: await png() }),
      })
      expect(created.status).toBe(201)
      const { threadId } = (await created.json()) as { threadId: number }
      const postsPath = `/api/boards/tech/threads/${threadId}/posts`

      let exited = false
      let signalledAt = 0
      const acknowledged: number[] = []
      const answers: { sentAt: number; answeredAt: number; connection: string }[] = []
      const client = async (n: number) => {
        // One keep-alive connection per client, reused for every request until the server closes it.
        const agent = new Agent({ keepAlive: true, maxSockets: 1 })
        for (let i = 0; !exited; i++) {
          const boundary = `load${n}x${i}`
          const body = `--${boundary}\r\nContent-Disposition: form-data; name="content"\r\n\r\nclient ${n} post ${i}\r\n--${boundary}--\r\n`
          try {
            let sentAt = Date.now()
            const posted = await exchange(
              agent,
              first.port,
              'POST',
              postsPath,
              { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
              body,
            )
            if (posted.status === 201) acknowledged.push(JSON.parse(posted.text).postId)
            answers.push({ sentAt, answeredAt: Date.now(), connection: posted.connection })
            sentAt = Date.now()
            const read = await exchange(agent, first.port, 'GET', postsPath)
            answers.push({ sentAt, answeredAt: Date.now(), connection: read.connection })
          } catch (err) {
            // Refused: the server no longer listens, so this client is done; anything else is retried.
            if ((err as NodeJS.ErrnoException).code === 'ECONNREFUSED') break
          }
        }
        agent.destroy()
      }
      const clients = Array.from({ length: 6 }, (_, n) => client(n))
      // Load for a while (at least a dozen posts acknowledged, so every client is past its first request).
      const loadedBy = Date.now() + 20_000
      do await new Promise((r) => setTimeout(r, 500))
      while (acknowledged.length < 12 && Date.now() < loadedBy)
      const before = acknowledged.length
      expect(before).toBeGreaterThanOrEqual(12)

      signalledAt = Date.now()
      const code = await first.stop('SIGTERM')
      const took = Date.now() - signalledAt
      exited = true
      await Promise.all(clients)
      expect({ code, took: took < 5_000 }, first.output()).toEqual({ code: 0, took: true })
      expect(first.output()).not.toContain('Shutdown took too long')
      // Requests sent once the server has seen the signal (it needs a few milliseconds) are answered with
      // `Connection: close`; so is at least one that was in flight (answered after the signal, whenever it was sent:
      // on a loaded machine every client may be mid-request when the signal comes).
      expect(answers.filter((a) => a.answeredAt >= signalledAt && a.connection === 'close').length).toBeGreaterThan(0)
      expect(answers.filter((a) => a.sentAt >= signalledAt + 200 && a.connection !== 'close')).toEqual([])

      second = await startServer({ dataDir: first.dataDir, database: first.database })
      const { posts } = (await (await fetch(`${second.url}${postsPath}`)).json()) as { posts: { id: number }[] }
      const stored = new Set(posts.map((p) => p.id))
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([])
      expect(acknowledged.length).toBeGreaterThanOrEqual(before)
    } finally {
      await second?.stop()
      if (!second) await first.database.drop()
      rmSync(first.dataDir, { recursive: true, force: true })
    }
  }, 60_000)
})

/** One request on the client's keep-alive `agent`; the answer's body as text and its Connection header. */
async function exchange(
  agent: Agent,
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
) {
  const res = await httpRequest(`http://127.0.0.1:${port}${path}`, {
    method,
    agent,
    headers: body === undefined ? headers : { ...headers, 'Content-Length': Buffer.byteLength(body) },
    body,
  })
  return { status: res.status, text: res.body.toString('utf8'), connection: String(res.headers.connection ?? '') }
}
