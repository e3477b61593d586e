// Media storage faults against real storage: a small tmpfs mounted as the media directory and filled until the
// kernel answers ENOSPC, the same file system remounted read-only (EROFS), and an S3 service that is stopped,
// stuck (accepts connections, never answers) or failing with 5xx. Uploads answer 507 or 503 with nothing left
// behind, while text posts go on.
import { execFileSync } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, statSync, truncateSync, writeSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { startS3, type TestS3 } from '../helpers/s3'
import { startServer, type TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'

const RATE_LIMITS = JSON.stringify({
  postCreate: { points: 10_000, duration: 60 },
  threadCreate: { points: 10_000, duration: 60 },
})
let shade = 0
/** A small PNG no earlier upload has (media is content-addressed, so a repeat would not be written again). */
const freshPng = () => {
  shade++
  return png(40, 30, { r: shade % 256, g: Math.floor(shade / 256), b: 77 })
}

const imageReply = async (server: TestServer, threadId: number) =>
  postForm(
    `${server.url}/api/boards/tech/threads/${threadId}/posts`,
    form({ content: 'with image' }, { name: 'r.png', bytes: await freshPng() }),
  )
const textReply = (server: TestServer, threadId: number) =>
  postForm(`${server.url}/api/boards/tech/threads/${threadId}/posts`, form({ content: 'just text' }))
const health = async (server: TestServer) => {
  const res = await fetch(`${server.url}/api/health`)
  return { status: res.status, body: await res.json() }
}
const postCount = async (server: TestServer, threadId: number) =>
  Number(
    (await sql<{ n: number }>(server.database, 'SELECT COUNT(*) AS n FROM posts WHERE thread_id = ?', threadId))[0].n,
  )

/** Every file under a directory, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(path.join(dir, f)).isFile())
    .sort()
}

function canMountTmpfs(): boolean {
  const probe = mkdtempSync(path.join(os.tmpdir(), 'cb-mount-probe-'))
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'ignore' })
    execFileSync('umount', [probe], { stdio: 'ignore' })
    return true
  } catch {
    return false
  } finally {
    rmSync(probe, { recursive: true, force: true })
  }
}

const mountable = canMountTmpfs()
if (!mountable) console.warn('fault-storage: cannot mount a tmpfs here (needs root); the disk-full cases are skipped')

describe.skipIf(!mountable)('fault: media disk full on a small tmpfs', () => {
  const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'cb-tmpfs-media-'))
  const fillerDir = path.join(mediaDir, 'filler')
  let server: TestServer
  let threadId: number

  beforeAll(async () => {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', mediaDir])
    server = await startServer({ env: { MEDIA_DIR: mediaDir, STORAGE_LOW_MB: '4', RATE_LIMITS } })
    const res = await postForm(
      `${server.url}/api/boards/tech/threads`,
      form({ topic: 'storage', content: 'op' }, { name: 'a.png', bytes: await freshPng() }),
    )
    expect(res.status).toBe(201)
    threadId = res.body.threadId
  })
  afterAll(async () => {
    await server?.stop()
    try {
      execFileSync('umount', ['-l', mediaDir])
    } catch {
      /* not mounted */
    }
    rmSync(mediaDir, { recursive: true, force: true })
  })

  /** Fills the file system to the last page (ENOSPC), in 4 KiB files at the end so that single pages can be freed. */
  function fill(): string[] {
    rmSync(fillerDir, { recursive: true, force: true })
    execFileSync('mkdir', ['-p', fillerDir])
    const pages: string[] = []
    const write = (file: string, chunk: Buffer): void => {
      const fd = openSync(file, 'a')
      try {
        for (;;) writeSync(fd, chunk)
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err
      } finally {
        closeSync(fd)
      }
    }
    const big = path.join(fillerDir, 'big')
    write(big, Buffer.alloc(1024 * 1024, 1))
    truncateSync(big, Math.max(0, statSync(big).size - 64 * 1024)) // the rest is filled page by page
    for (let i = 0; ; i++) {
      const file = path.join(fillerDir, `page-${i}`)
      try {
        const fd = openSync(file, 'w')
        try {
          writeSync(fd, Buffer.alloc(4096, 2))
        } finally {
          closeSync(fd)
        }
        pages.push(file)
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err
        rmSync(file, { force: true })
        break
      }
    }
    return pages
  }

  const mediaFiles = () => filesUnder(mediaDir).filter((f) => !f.startsWith('filler'))

  it('health reports storage ok while there is room', async () => {
    expect(await health(server)).toMatchObject({
      status: 200,
      body: { status: 'ok', checks: { database: 'ok', storage: 'ok' } },
    })
  })

  it('an image reply on a full disk answers 507 Storage full, leaves no *.tmp, no file and no post row', async () => {
    const before = mediaFiles()
    fill()
    const res = await imageReply(server, threadId)
    expect(res).toMatchObject({ status: 507, body: { error: 'Storage full' } })
    expect(mediaFiles()).toEqual(before)
    expect(mediaFiles().filter((f) => f.endsWith('.tmp'))).toEqual([])
    expect(await postCount(server, threadId)).toBe(1)
  })

  it('with room for the image but not its thumbnail, the stored image is removed again (nothing half-stored)', async () => {
    const before = mediaFiles()
    const pages = fill()
    expect(pages.length).toBeGreaterThan(0)
    rmSync(pages.at(-1)!) // exactly one page free: the image fits, the thumbnail does not
    const res = await imageReply(server, threadId)
    expect(res).toMatchObject({ status: 507, body: { error: 'Storage full' } })
    expect(mediaFiles()).toEqual(before)
    expect(await postCount(server, threadId)).toBe(1)
  })

  it('a text reply still succeeds while media storage is full', async () => {
    fill()
    expect((await textReply(server, threadId)).status).toBe(201)
    expect(await postCount(server, threadId)).toBe(2)
  })

  it('health reports storage "low" (a warning: status stays 200) while the disk is full', async () => {
    expect(await health(server)).toMatchObject({
      status: 200,
      body: { status: 'ok', checks: { database: 'ok', storage: 'low' } },
    })
  })

  it('once space is freed, an image reply succeeds and its image loads', async () => {
    rmSync(fillerDir, { recursive: true, force: true })
    const res = await imageReply(server, threadId)
    expect(res.status).toBe(201)
    const [post] = await sql<{ image_url: string; thumbnail_url: string }>(
      server.database,
      'SELECT image_url, thumbnail_url FROM posts WHERE id = ?',
      res.body.postId,
    )
    for (const url of [post.image_url, post.thumbnail_url])
      expect((await fetch(new URL(url, server.url))).status).toBe(200)
    expect(await health(server)).toMatchObject({ status: 200, body: { checks: { storage: 'ok' } } })
  })

  it('a read-only media disk (EROFS) answers 503 Storage unavailable with Retry-After; text replies go on', async () => {
    const before = mediaFiles()
    execFileSync('mount', ['-o', 'remount,ro', mediaDir])
    try {
      const res = await imageReply(server, threadId)
      expect(res).toMatchObject({ status: 503, body: { error: 'Storage unavailable' } })
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
      expect((await textReply(server, threadId)).status).toBe(201)
      expect((await health(server)).body.checks.storage).toBe('error')
    } finally {
      execFileSync('mount', ['-o', 'remount,rw', mediaDir])
    }
    expect(mediaFiles()).toEqual(before)
  })
})

describe('fault: S3 media storage stopped, stuck or failing', () => {
  const BUCKET = 'corkboard-faults'
  let s3: TestS3
  let server: TestServer
  let threadId: number
  let port: number
  let fake: net.Server | undefined

  beforeAll(async () => {
    s3 = await startS3(BUCKET)
    port = Number(new URL(s3.endpoint).port)
    server = await startServer({
      env: {
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: s3.endpoint,
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_PREFIX: 'cb/',
        S3_PUBLIC_URL: `${s3.endpoint}/${BUCKET}`,
        RATE_LIMITS,
      },
    })
    const res = await postForm(
      `${server.url}/api/boards/tech/threads`,
      form({ topic: 's3', content: 'op' }, { name: 'a.png', bytes: await freshPng() }),
    )
    expect(res.status).toBe(201)
    threadId = res.body.threadId
  })
  afterAll(async () => {
    await server?.stop()
    await s3?.close()
    await new Promise((resolve) => (fake ? fake.close(resolve) : resolve(null)))
  })

  /** Replaces whatever listens on the S3 port with a server that treats each connection as `handle` says. */
  async function listenInstead(handle: (socket: net.Socket) => void): Promise<void> {
    await new Promise((resolve) => (fake ? fake.close(resolve) : resolve(null)))
    fake = net.createServer(handle)
    await new Promise<void>((resolve) => fake!.listen(port, '127.0.0.1', resolve))
  }

  async function expectPromptUnavailable() {
    const started = Date.now()
    const res = await imageReply(server, threadId)
    expect(res).toMatchObject({ status: 503, body: { error: 'Storage unavailable' } })
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Date.now() - started).toBeLessThan(20_000) // bounded by the client's timeouts, not a hang
    expect((await textReply(server, threadId)).status).toBe(201)
  }

  it('S3 stopped: an image reply answers 503 promptly, a text reply 201, no post row for the image', async () => {
    await s3.close()
    const before = await postCount(server, threadId)
    await expectPromptUnavailable()
    expect(await postCount(server, threadId)).toBe(before + 1)
  })

  it('S3 stuck (accepts connections, never answers): an image reply answers 503 within the timeouts', async () => {
    const sockets: net.Socket[] = []
    await listenInstead((socket) => {
      sockets.push(socket)
      socket.on('error', () => {})
    })
    try {
      await expectPromptUnavailable()
    } finally {
      for (const s of sockets) s.destroy()
    }
  }, 40_000)

  it('S3 answering 503 SlowDown: an image reply answers 503', async () => {
    const body = '<Error><Code>SlowDown</Code><Message>Reduce your request rate.</Message></Error>'
    await listenInstead((socket) => {
      socket.on('error', () => {})
      socket.once('data', () =>
        socket.end(
          `HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/xml\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
        ),
      )
    })
    await expectPromptUnavailable()
  }, 40_000)
})
