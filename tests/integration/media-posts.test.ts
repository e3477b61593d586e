// Spoilers and file info through the real server: the `spoiler` field of both posting endpoints (accepted, stored,
// returned, refused when malformed), what the board and thread pages reveal of a spoilered file (its link only),
// and the file info line (original name escaped and shortened in the middle, size, dimensions, duration).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, form, postForm } from '../helpers/http'
import { mp4, png } from '../helpers/media'
import { startServer, type TestServer, roomyRateLimits } from '../helpers/server'
import { sql } from '../helpers/sql'

let server: TestServer
let nextIp = 1
const freshIp = () => `203.0.113.${nextIp++}`

beforeAll(async () => {
  server = await startServer({
    env: { TRUST_PROXY_HOPS: '1', PROXY_CIDRS: '198.51.100.0/24', RATE_LIMITS: roomyRateLimits() },
  })
})
afterAll(async () => {
  await server?.stop()
})

interface ApiPost {
  id: number
  image_url: string | null
  thumbnail_url: string | null
  spoiler: boolean
  file_info: {
    name: string | null
    size: number | null
    width: number | null
    height: number | null
    duration: number | null
  } | null
}

const threadsUrl = (board: string) => `${server.url}/api/boards/${board}/threads`
const postsUrl = (board: string, threadId: number) => `${server.url}/api/boards/${board}/threads/${threadId}/posts`

async function newThread(
  board: string,
  fields: Record<string, string>,
  name = 'a.png',
  color = { r: 1, g: 2, b: 3 },
  size: [number, number] = [60, 40],
) {
  return postForm(
    threadsUrl(board),
    form({ topic: 'Media', content: 'Look', ...fields }, { name, bytes: await png(size[0], size[1], color) }),
    as(freshIp()),
  )
}

async function postsOf(board: string, threadId: number): Promise<ApiPost[]> {
  return (await (await fetch(postsUrl(board, threadId))).json()).posts
}

const page = async (path: string) => (await fetch(server.url + path)).text()

describe('the spoiler field', () => {
  it('is stored and returned for threads ("true") and replies ("on"), false when absent or "false"', async () => {
    const res = await newThread('tech', { spoiler: 'true' })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const { threadId } = res.body
    const reply = async (fields: Record<string, string>) => {
      const r = await postForm(
        postsUrl('tech', threadId),
        form(fields, { name: 'b.png', bytes: await png() }),
        as(freshIp()),
      )
      expect(r.status, JSON.stringify(r.body)).toBe(201)
      return r.body.postId as number
    }
    const on = await reply({ spoiler: 'on' })
    const off = await reply({ spoiler: 'false' })
    const absent = await reply({})
    // A spoiler without a file has nothing to hide.
    const textOnly = (
      await postForm(postsUrl('tech', threadId), form({ content: 'hi', spoiler: 'true' }), as(freshIp()))
    ).body.postId as number

    const posts = await postsOf('tech', threadId)
    const spoilerOf = (id: number) => posts.find((p) => p.id === id)!.spoiler
    expect(posts[0].spoiler).toBe(true)
    expect([on, off, absent, textOnly].map(spoilerOf)).toEqual([true, false, false, false])
    const rows = await sql<{ id: number; spoiler: boolean | number }>(
      server.database,
      'SELECT id, spoiler FROM posts WHERE thread_id = ? ORDER BY id',
      threadId,
    )
    expect(rows.map((r) => Boolean(r.spoiler))).toEqual([true, true, false, false, false])
    // The API keeps the whole file object: clients decide how to reveal.
    expect(posts[0].thumbnail_url).toMatch(/-thumb\.webp$/)
    expect(posts[0].file_info).toMatchObject({ name: 'a.png', width: 60, height: 40 })
  })

  it.each(['yes', 'TRUE', '1', ''])('refuses spoiler=%j with 400 on both endpoints', async (value) => {
    const res = await newThread('tech', { spoiler: value })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      error: 'Validation failed',
      details: [{ field: 'spoiler', message: 'spoiler must be "true" or "false"' }],
    })
    const { threadId } = (await newThread('tech', {})).body
    const reply = await postForm(
      postsUrl('tech', threadId),
      form({ content: 'x', spoiler: value }, { name: 'b.png', bytes: await png() }),
      as(freshIp()),
    )
    expect(reply.status).toBe(400)
    expect(reply.body.details).toEqual([{ field: 'spoiler', message: 'spoiler must be "true" or "false"' }])
    expect(await postsOf('tech', threadId)).toHaveLength(1)
  })
})

describe('pages with a spoilered file', () => {
  it('carry only the link to the full file and the shared placeholder, never its thumbnail, name or size', async () => {
    const hidden = await newThread('diy', { spoiler: 'true' }, 'secret-ending.png', { r: 9, g: 99, b: 199 }, [70, 50])
    const shown = await newThread('diy', {}, 'plain.png', { r: 199, g: 99, b: 9 })
    const [spoilered] = await postsOf('diy', hidden.body.threadId)
    const [plain] = await postsOf('diy', shown.body.threadId)
    expect(spoilered.thumbnail_url).not.toBe(plain.thumbnail_url)

    for (const path of ['/board/diy', `/board/diy/thread/${hidden.body.threadId}`]) {
      const html = await page(path)
      expect(html).not.toContain(spoilered.thumbnail_url!)
      expect(html).not.toContain('secret-ending')
      expect(html).not.toMatch(/70×50|width\\?":70|height\\?":50|width="70"|height="50"/)
      expect(html).toContain(`href="${spoilered.image_url}"`)
      expect(html).toContain('/placeholders/spoiler.svg')
      expect(html).toContain('Spoiler image')
    }
    // The same page shows an ordinary file's thumbnail, name and dimensions.
    const board = await page('/board/diy')
    expect(board).toContain(plain.thumbnail_url!)
    expect(board).toContain('plain.png')
    expect(board).toContain('60×40')
  })
})

describe('file info', () => {
  it('shows the original name escaped and shortened in the middle, the full name as tooltip', async () => {
    // (A double quote would reach the server as %22: browsers encode it in multipart file names.)
    const name = "<img src=x onerror=alert(1)> Tom & 'Jerry' at the beach, summer holidays.png"
    const res = await newThread('science', {}, name)
    expect(res.status).toBe(201)
    const [op] = await postsOf('science', res.body.threadId)
    expect(op.file_info?.name).toBe(name)
    const html = await page(`/board/science/thread/${res.body.threadId}`)
    expect(html).not.toContain('<img src=x')
    // 27 characters, an ellipsis, the last 12.
    expect(html).toContain('>&lt;img src=x onerror=alert(1)…holidays.png</a>')
    expect(html).toContain(
      'title="&lt;img src=x onerror=alert(1)&gt; Tom &amp; &#x27;Jerry&#x27; at the beach, summer holidays.png"',
    )
    expect(html).toMatch(/\(\d+ B, 60×40\)/)
  })

  it('keeps only the last path segment of the name, without control characters', async () => {
    const res = await newThread('science', {}, 'C:\\Users\\me\\pic\u202e.png')
    expect(res.status).toBe(201)
    const [op] = await postsOf('science', res.body.threadId)
    expect(op.file_info?.name).toBe('pic.png')
  })

  it("records a video's dimensions and duration", async () => {
    const { threadId } = (await newThread('tech', {})).body
    const reply = await postForm(
      postsUrl('tech', threadId),
      form({ content: 'clip' }, { name: 'clip.mp4', bytes: await mp4() }),
      as(freshIp()),
    )
    expect(reply.status).toBe(201)
    const video = (await postsOf('tech', threadId))[1]
    expect(video.file_info).toMatchObject({ name: 'clip.mp4', width: 64, height: 48 })
    expect(video.file_info!.duration).toBeCloseTo(1, 0)
    expect(await page(`/board/tech/thread/${threadId}`)).toMatch(/clip\.mp4<\/a> \(\d+ KB, 64×48, 0:01\)/)
  })
})
