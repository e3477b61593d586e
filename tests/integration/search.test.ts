// Full-text search through the real server: GET /api/search and the /search page, on the test run's database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { startServer, type TestServer, roomyRateLimits } from '../helpers/server'
import { sql } from '../helpers/sql'

const SEARCH_LIMIT = 40
let server: TestServer
beforeAll(async () => {
  server = await startServer({
    env: {
      TRUST_PROXY_HOPS: '1',
      RATE_LIMITS: JSON.stringify({
        ...JSON.parse(roomyRateLimits('visitorDelete')),
        search: { points: SEARCH_LIMIT, duration: 600 },
      }),
    },
  })
})
afterAll(async () => {
  await server?.stop()
})

// Every test searches from its own address, so none uses up another's search limit.
let address = 0
const nextIp = () => `198.51.100.${++address}`

let shade = 0
async function thread(board: string, topic: string, content: string) {
  const res = await postForm(
    `${server.url}/api/boards/${board}/threads`,
    form({ topic, content }, { name: 'a.png', bytes: await png(20, 20, { r: shade++ % 256, g: 40, b: 90 }) }),
  )
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  const { threadId, postId } = res.body as { threadId: number; postId: number }
  return { threadId, postId, cookie: res.headers.get('set-cookie')!.split(';')[0] }
}
async function reply(board: string, threadId: number, content: string, cookie?: string) {
  const res = await postForm(
    `${server.url}/api/boards/${board}/threads/${threadId}/posts`,
    form({ content }),
    cookie ? { Cookie: cookie } : {},
  )
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.postId as number
}

interface Result {
  boardId: string
  threadId: number
  postId: number
  topic: string
  excerpt: string
  highlights: { start: number; end: number }[]
  archived: boolean
  createdAt: string
  url: string
}
async function search(params: Record<string, string>, ip = nextIp()) {
  const res = await fetch(`${server.url}/api/search?${new URLSearchParams(params)}`, { headers: as(ip) })
  return { status: res.status, headers: res.headers, body: await res.json() }
}
const ids = (body: { results: Result[] }) => body.results.map((r) => r.postId)
const marked = (r: Result) => r.highlights.map(({ start, end }) => Array.from(r.excerpt).slice(start, end).join(''))

describe('GET /api/search', () => {
  it('finds topics and texts, best match first, then newest, with the matched words marked', async () => {
    const t = await thread('tech', 'Zorblax gathering', 'see you all there')
    const once = [
      await reply('tech', t.threadId, 'I like ZORBLAX too'),
      await reply('tech', t.threadId, 'I like zorblax too'),
    ]
    const thrice = await reply('tech', t.threadId, 'zorblax zorblax zorblax, yes')
    await reply('tech', t.threadId, 'nothing to see here')

    const { status, headers, body } = await search({ q: 'zorblax' })
    expect(status).toBe(200)
    expect(headers.get('cache-control')).toBe('no-store')
    expect(body).toMatchObject({ page: 1, total: 4 })
    expect(ids(body)).toEqual([t.postId, thrice, once[1], once[0]])
    const [op, , , first] = body.results as Result[]
    expect(op).toEqual({
      boardId: 'tech',
      threadId: t.threadId,
      postId: t.postId,
      topic: 'Zorblax gathering',
      excerpt: 'see you all there',
      highlights: [],
      archived: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      url: `/board/tech/thread/${t.threadId}#post-${t.postId}`,
    })
    expect(first.excerpt).toBe('I like ZORBLAX too')
    expect(marked(first)).toEqual(['ZORBLAX'])
  })

  it('requires every word, anywhere in the topic or the text', async () => {
    const t = await thread('tech', 'Quibbly widgets', 'the frobnik is broken')
    const both = await reply('tech', t.threadId, 'quibbly frobnik here')
    await reply('tech', t.threadId, 'only quibbly here')
    expect(ids((await search({ q: 'frobnik quibbly' })).body).sort()).toEqual([t.postId, both].sort())
  })

  it('pages by 25 with the total of all pages', async () => {
    const t = await thread('diy', 'Paging', 'pagetest opening')
    for (let i = 0; i < 29; i++) await reply('diy', t.threadId, `pagetest reply ${i}`)
    const one = await search({ q: 'pagetest' })
    const two = await search({ q: 'pagetest', page: '2' })
    const three = await search({ q: 'pagetest', page: '3' })
    expect(one.body.total).toBe(30)
    expect(one.body.results).toHaveLength(25)
    expect(two.body).toMatchObject({ page: 2, total: 30 })
    expect(two.body.results).toHaveLength(5)
    expect(new Set([...ids(one.body), ...ids(two.body)]).size).toBe(30)
    expect(three.body).toEqual({ results: [], page: 3, total: 30 })
  })

  it('filters by board; an unknown board is a 404 and a malformed one a 400', async () => {
    const a = await thread('food', 'Cooking', 'boardfilterword soup')
    const b = await thread('gaming', 'Games', 'boardfilterword game')
    expect(ids((await search({ q: 'boardfilterword' })).body).sort()).toEqual([a.postId, b.postId].sort())
    expect(ids((await search({ q: 'boardfilterword', board: 'food' })).body)).toEqual([a.postId])
    expect((await search({ q: 'boardfilterword', board: 'gaming' })).body.total).toBe(1)
    expect(await search({ q: 'boardfilterword', board: 'nosuch' })).toMatchObject({
      status: 404,
      body: { error: 'Board not found' },
    })
    expect(await search({ q: 'boardfilterword', board: '../x' })).toMatchObject({
      status: 400,
      body: { error: 'Validation failed', details: [{ field: 'board', message: 'board must be a board id' }] },
    })
  })

  it('includes archived threads', async () => {
    const t = await thread('movies', 'Old news', 'archiveword lives on')
    await sql(server.database, 'UPDATE threads SET is_dead = ?, died_at = ? WHERE id = ?', true, new Date(), t.threadId)
    const { body } = await search({ q: 'archiveword' })
    expect(body.results).toEqual([expect.objectContaining({ postId: t.postId, archived: true })])
  })

  it('drops a deleted post and a deleted thread at once', async () => {
    const t = await thread('sports', 'Deletion', 'goneword opening')
    const r = await reply('sports', t.threadId, 'goneword reply', t.cookie)
    const other = await thread('sports', 'Stays', 'goneword stays')
    expect((await search({ q: 'goneword' })).body.total).toBe(3)

    const del = (path: string) =>
      fetch(`${server.url}/api/boards/sports/threads/${path}`, { method: 'DELETE', headers: { Cookie: t.cookie } })
    expect((await del(`${t.threadId}/posts/${r}`)).status).toBe(200)
    expect(ids((await search({ q: 'goneword' })).body).sort()).toEqual([t.postId, other.postId].sort())
    expect((await del(`${t.threadId}`)).status).toBe(200)
    expect(ids((await search({ q: 'goneword' })).body)).toEqual([other.postId])
  })

  it('finds words in any script and marks them', async () => {
    const t = await thread('anime', 'Многоязычие', 'Привет, мир! 🎉')
    const arabic = await reply('anime', t.threadId, 'مرحبا بالعالم')
    const cjk = await reply('anime', t.threadId, '東京 タワー に 行きました')
    const cyrillic = (await search({ q: 'МИР' })).body.results as Result[]
    expect(cyrillic.map((r) => r.postId)).toEqual([t.postId])
    expect(marked(cyrillic[0])).toEqual(['мир'])
    expect(ids((await search({ q: 'многоязычие' })).body)).toEqual([t.postId])
    expect(ids((await search({ q: 'بالعالم' })).body)).toEqual([arabic])
    const tokyo = (await search({ q: '東京' })).body.results as Result[]
    expect(tokyo.map((r) => r.postId)).toEqual([cjk])
    expect(marked(tokyo[0])).toEqual(['東京'])
  })

  it('answers every hostile query with results or a 400, never a 5xx', async () => {
    const hostile = [
      '"',
      '""',
      '"unbalanced',
      'a"b',
      "'",
      "O'Reilly",
      '(',
      ')))',
      '(a OR b',
      'NEAR',
      'NEAR(a b, 3)',
      'a NEAR b',
      'AND',
      'OR',
      'NOT',
      'a AND NOT b',
      '*',
      'foo*',
      '^foo',
      '-',
      '-foo',
      '--',
      ':',
      'content:foo',
      'topic : bar',
      '{topic content}: x',
      'a & b | !c',
      "a:* & 'b'",
      '<->',
      'a <-> b',
      '!!',
      '\\',
      '%',
      '_',
      '%_%',
      ';DROP TABLE posts;--',
      "' OR 1=1 --",
      '$1',
      '?',
      '\u0000',
      'a\u0000b',
      '\u202e\u200b\ufeff',
      '🎉',
      '👩‍👩‍👧‍👦 family',
      '日本語',
      'Привет',
      'مرحبا',
      'x'.repeat(200),
      'x'.repeat(201),
      'word '.repeat(2048),
      '\ud800',
      'a b c d e f g h i j k l m n o p q',
    ]
    const ip = nextIp()
    for (const q of hostile) {
      const { status, body } = await search({ q }, ip)
      expect([200, 400], `${JSON.stringify(q)} → ${status} ${JSON.stringify(body)}`).toContain(status)
      if (status === 400) expect(body.details[0]).toMatchObject({ field: 'q', message: expect.any(String) })
      else expect(body).toMatchObject({ results: expect.any(Array), page: 1, total: expect.any(Number) })
    }
    for (const page of ['0', '-1', '1e3', '41', 'NaN', '99999999999999999999'])
      expect((await search({ q: 'x', page }, ip)).status).toBe(400)
    expect(await search({ q: '   ' }, ip)).toMatchObject({
      status: 400,
      body: { details: [{ field: 'q', message: 'Enter words to search for' }] },
    })
    expect(await search({ q: '🎉 ***' }, ip)).toMatchObject({
      status: 400,
      body: { details: [{ field: 'q', message: 'Search for at least one word of letters or digits' }] },
    })
  })

  it('treats operators as plain words', async () => {
    const t = await thread('science', 'Operators', 'near and not or: plain words')
    expect(ids((await search({ q: 'NEAR AND NOT OR' })).body)).toEqual([t.postId])
    expect(ids((await search({ q: '"near" -and (not' })).body)).toEqual([t.postId])
  })

  it('answers 405 for other methods', async () => {
    const res = await fetch(`${server.url}/api/search?q=x`, { method: 'POST' })
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('GET')
  })

  it('limits searches per address, on the API and the page together', async () => {
    const ip = nextIp()
    for (let i = 0; i < SEARCH_LIMIT - 1; i++) expect((await search({ q: `limit${i}` }, ip)).status).toBe(200)
    const page = await fetch(`${server.url}/search?q=limit`, { headers: as(ip) })
    expect(page.status).toBe(200)
    expect(await page.text()).not.toContain('Too many searches')
    const refused = await search({ q: 'limit' }, ip)
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({ error: 'Rate limited', retryAfter: expect.any(Number) })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    const html = await (await fetch(`${server.url}/search?q=limit`, { headers: as(ip) })).text()
    expect(html).toContain('Too many searches')
    // Another address is not affected.
    expect((await search({ q: 'limit' })).status).toBe(200)
  })
})

describe('the /search page', () => {
  it('renders results with the words marked and user text escaped, uncached', async () => {
    const t = await thread('random', 'Markup <i>topic</i>', '<script>alert("pagehtml")</script> pagehtml & more')
    const res = await fetch(`${server.url}/search?${new URLSearchParams({ q: 'pagehtml' })}`, { headers: as(nextIp()) })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toMatch(/no-store/)
    expect(res.headers.get('x-corkboard-cache')).toBeNull()
    const html = await res.text()
    expect(html).toContain('1 post found')
    expect(html).toContain(`href="/board/random/thread/${t.threadId}#post-${t.postId}"`)
    expect(html).toContain('Markup &lt;i&gt;topic&lt;/i&gt;')
    expect(html).toContain('&lt;script&gt;alert(&quot;</span><mark')
    expect(html).not.toContain('<script>alert')
    expect(html.match(/<mark[^>]*>pagehtml<\/mark>/g)).toHaveLength(2)
  })

  it('shows the refusal of a bad search as a message', async () => {
    const html = await (
      await fetch(`${server.url}/search?q=%F0%9F%8E%89&board=nosuch`, { headers: as(nextIp()) })
    ).text()
    expect(html).toContain('Search for at least one word of letters or digits')
    const board = await (await fetch(`${server.url}/search?q=x&board=nosuch`, { headers: as(nextIp()) })).text()
    expect(board).toContain('Board not found')
  })

  it('is reached from the search box on every public page, which has a label', async () => {
    for (const path of ['/', '/board/tech', '/rules']) {
      const html = await (await fetch(`${server.url}${path}`)).text()
      const searchForm = /<form role="search"[^>]*>/.exec(html)?.[0] ?? `no search form on ${path}`
      expect(searchForm).toContain('action="/search"')
      expect(searchForm).toContain('method="get"')
      expect(html.includes('<label for="site-search" class="sr-only">Search posts</label>'), path).toBe(true)
      const input = /<input id="site-search"[^>]*>/.exec(html)?.[0] ?? `no search box on ${path}`
      expect(input).toContain('type="search"')
      expect(input).toContain('name="q"')
    }
    // The staff area has a header of its own.
    expect(await (await fetch(`${server.url}/admin/login`)).text()).not.toContain('site-search')
  })
})
