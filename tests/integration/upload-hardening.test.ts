// Uploads validated to the bottom, through the real thread and reply endpoints: declared image sizes and frame
// counts judged before decoding, GIFs stored without anything but pictures, video and audio probed by ffprobe in
// a bounded child, and no video or audio stored unchecked when ffmpeg is missing.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  POLYGLOT_PAYLOAD,
  POLYGLOT_TAIL,
  framesGif,
  framesWebp,
  gifJsPolyglot,
  gifWithForgedScreen,
  id3OnlyMp3,
  mp4WithBogusMoovSize,
} from '../helpers/hostile-media'
import { form, postForm } from '../helpers/http'
import { gif, mp3, mp4, png, webm } from '../helpers/media'
import { startServer, type TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'

const LIMITS = JSON.stringify({ api: { points: 100000 }, threadCreate: { points: 1000 }, postCreate: { points: 1000 } })
const REFUSED = {
  error: 'Invalid file type',
  message: 'Only PNG, JPG, WebP, GIF, MP4, WebM and MP3 files are allowed.',
}

let server: TestServer
/** The server's own temporary directory: every probe file must be gone from it after each upload. */
let tmp: string
let threadId: number

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'cb-uploads-tmp-'))
  server = await startServer({ env: { RATE_LIMITS: LIMITS, TMPDIR: tmp } })
  const res = await postForm(
    `${server.url}/api/boards/tech/threads`,
    form({ topic: 'uploads', content: 'op' }, { name: 'a.png', bytes: await png() }),
  )
  expect(res.status).toBe(201)
  threadId = res.body.threadId
})
afterAll(async () => {
  await server?.stop()
  rmSync(tmp, { recursive: true, force: true })
})

/** Probe directories left in the server's temporary directory (the tsx loader keeps its own cache there). */
const probeFiles = () => readdirSync(tmp).filter((name) => name.startsWith('corkboard-probe-'))
const mediaCount = () => {
  const dir = path.join(server.dataDir, 'media')
  return existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
    : 0
}
const rowCounts = async () => {
  const [t] = await sql<{ n: number }>(server.database, 'SELECT count(*) AS n FROM threads')
  const [p] = await sql<{ n: number }>(server.database, 'SELECT count(*) AS n FROM posts')
  return [Number(t.n), Number(p.n)]
}

/** Posts the file as a new thread and as a reply; both answers are returned. */
async function upload(name: string, bytes: Buffer, target = server) {
  const thread = await postForm(
    `${target.url}/api/boards/tech/threads`,
    form({ topic: 't', content: 'c' }, { name, bytes }),
  )
  const reply =
    target === server
      ? await postForm(
          `${target.url}/api/boards/tech/threads/${threadId}/posts`,
          form({ content: 'r' }, { name, bytes }),
        )
      : thread
  return { thread, reply }
}

/** Both endpoints answer 415 with `body`, and no row, media file or temporary file is left. */
async function expectRefused(name: string, bytes: Buffer, body: object = REFUSED) {
  const before = { rows: await rowCounts(), media: mediaCount() }
  const { thread, reply } = await upload(name, bytes)
  expect([thread.status, thread.body]).toEqual([415, body])
  expect([reply.status, reply.body]).toEqual([415, body])
  expect(await rowCounts()).toEqual(before.rows)
  expect(mediaCount()).toBe(before.media)
  expect(probeFiles()).toEqual([])
}

async function storedPost(postId: number, thread = threadId) {
  const { posts } = await (await fetch(`${server.url}/api/boards/tech/threads/${thread}/posts`)).json()
  const post = posts.find((p: { id: number }) => p.id === postId)
  const file = Buffer.from(await (await fetch(server.url + post.image_url)).arrayBuffer())
  return { post, file }
}

const allFrames = async (image: Buffer) => {
  const { data, info } = await sharp(image, { pages: -1 }).raw().toBuffer({ resolveWithObject: true })
  return { data, info, pages: (await sharp(image).metadata()).pages }
}

describe('uploads validated to the bottom', () => {
  it('a GIF whose logical screen declares 65535×65535 is refused with 415 (thread and reply)', async () => {
    await expectRefused('screen.gif', await gifWithForgedScreen(65535, 65535))
  })

  it('a GIF that is also valid JavaScript is stored without its payload, decoding to the same frames, animation kept', async () => {
    const polyglot = gifJsPolyglot()
    expect(polyglot.includes(POLYGLOT_PAYLOAD) && polyglot.includes(POLYGLOT_TAIL)).toBe(true)
    const { thread, reply } = await upload('poly.gif', polyglot)
    expect([thread.status, reply.status]).toEqual([201, 201])
    const original = await allFrames(polyglot)
    for (const [postId, inThread] of [
      [thread.body.postId, thread.body.threadId],
      [reply.body.postId, threadId],
    ]) {
      const { post, file } = await storedPost(postId, inThread)
      expect(post.image_url).toMatch(/\.gif$/)
      expect(file.includes(POLYGLOT_PAYLOAD)).toBe(false)
      expect(file.includes(POLYGLOT_TAIL)).toBe(false)
      expect(file.includes('*/')).toBe(false)
      expect(file.at(-1)).toBe(0x3b) // nothing after the trailer
      const stored = await allFrames(file)
      expect(stored.pages).toBe(2)
      expect(stored.info).toEqual(original.info)
      expect(stored.data.equals(original.data)).toBe(true)
      expect((await sharp(file).metadata()).loop).toBe(0)
    }
    expect(probeFiles()).toEqual([])
  })

  it('an MP4 whose moov box declares a bogus size is refused with 415', async () => {
    await expectRefused('clip.mp4', await mp4WithBogusMoovSize())
  })

  it('an "MP3" that is only an ID3 tag with no audio frame is refused with 415', async () => {
    await expectRefused('song.mp3', id3OnlyMp3())
  })

  it('a WebM cut after its header (no decodable frame) is refused with 415', async () => {
    const clip = await webm()
    await expectRefused('cut.webm', clip.subarray(0, clip.indexOf(Buffer.from([0x1f, 0x43, 0xb6, 0x75]))))
  })

  it.each([
    ['a PNG over 10,000 px a side', 'wide.png', () => png(10_001, 1)],
    [
      'a JPEG over 10,000 px a side',
      'wide.jpg',
      () =>
        sharp({ create: { width: 10_001, height: 8, channels: 3, background: '#369' } })
          .jpeg()
          .toBuffer(),
    ],
    [
      'a WebP over 10,000 px a side',
      'wide.webp',
      () =>
        sharp({ create: { width: 10_001, height: 1, channels: 3, background: '#000' } })
          .webp({ lossless: true })
          .toBuffer(),
    ],
    ['an animated GIF of 2,001 frames', 'long.gif', async () => framesGif(2_001)],
    [
      'an animated GIF over the frames × pixels budget',
      'budget.gif',
      async () => framesGif(11, { width: 10_000, height: 5_000 }),
    ],
    [
      'a GIF frame reaching past 10,000 px',
      'far.gif',
      async () => {
        const g = framesGif(1)
        g.writeUInt16LE(60_000, g.indexOf(0x2c) + 1)
        return g
      },
    ],
    ['an animated WebP of 2,001 frames', 'long.webp', () => framesWebp(2_001)],
    [
      'an animated WebP over the frames × pixels budget',
      'budget.webp',
      () => framesWebp(11, { width: 7_000, height: 7_000 }),
    ],
  ])('declared sizes beyond the limits are refused before decoding: %s', async (_label, name, make) => {
    await expectRefused(name, await make())
  })

  it('good files are still accepted: animations, and video with its moov box at the end gets a real thumbnail', async () => {
    const clip = await mp4()
    expect(clip.indexOf('moov')).toBeGreaterThan(clip.indexOf('mdat')) // ffmpeg's default layout
    const cases: [string, Buffer, RegExp][] = [
      ['clip.mp4', clip, /-thumb\.webp$/],
      ['clip.webm', await webm(), /-thumb\.webp$/],
      ['song.mp3', await mp3(), /^\/placeholders\/audio\.svg$/],
      ['still.gif', await gif(30, 30), /-thumb\.webp$/],
      ['anim.gif', framesGif(2_000), /-thumb\.webp$/],
      ['anim.webp', await framesWebp(20), /-thumb\.webp$/],
    ]
    for (const [name, bytes, thumb] of cases) {
      const { thread, reply } = await upload(name, bytes)
      expect([name, thread.status, reply.status]).toEqual([name, 201, 201])
      const { post } = await storedPost(reply.body.postId)
      expect(post.thumbnail_url, name).toMatch(thumb)
    }
    expect(probeFiles()).toEqual([])
  })
})

describe('without ffmpeg', () => {
  let bare: TestServer
  let emptyPath: string
  beforeAll(async () => {
    emptyPath = mkdtempSync(path.join(os.tmpdir(), 'cb-no-ffmpeg-'))
    bare = await startServer({ env: { RATE_LIMITS: LIMITS, PATH: emptyPath } })
  })
  afterAll(async () => {
    await bare?.stop()
    rmSync(emptyPath, { recursive: true, force: true })
  })

  it('video and audio uploads are refused with a clear message instead of stored unchecked; images still work', async () => {
    for (const [name, bytes] of [
      ['clip.mp4', await mp4()],
      ['clip.webm', await webm()],
      ['song.mp3', await mp3()],
    ] as const) {
      const { thread } = await upload(name, bytes, bare)
      expect(thread.status).toBe(415)
      expect(thread.body).toEqual({
        error: 'Invalid file type',
        message:
          'Video and audio uploads are not available: this server cannot check them (ffmpeg is not installed). Images are accepted.',
      })
    }
    const image = await upload('a.png', await png(), bare)
    expect(image.thread.status).toBe(201)
    expect(bare.output()).toContain('ffprobe/ffmpeg not found')
  })
})
