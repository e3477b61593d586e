// Atom feeds of a board (its 50 newest threads) and of a thread (its 50 newest posts): well-formed Atom 1.0 read
// back by a real feed parser, absolute links on the public origin, post text rendered and escaped, 404 for what
// does not exist, and (with PUBLIC_ORIGIN set) kept by the page cache and dropped by the next post.
import { parseFeed } from '@rowanmanning/feed-parser'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { roomyRateLimits, startServer, type TestServer } from '../helpers/server'

const ORIGIN = 'http://feeds.example'
let server: TestServer
let first: { threadId: number; postId: number }
let busy: { threadId: number; postId: number }
const replyIds: number[] = []

async function newThread(board: string, topic: string, content: string) {
  const res = await postForm(
    `${server.url}/api/boards/${board}/threads`,
    form({ topic, content }, { name: 'a.png', bytes: await png() }),
    as('192.0.2.1'),
  )
  expect(res.status).toBe(201)
  return res.body as { threadId: number; postId: number }
}

async function reply(board: string, threadId: number, content: string) {
  const res = await postForm(
    `${server.url}/api/boards/${board}/threads/${threadId}/posts`,
    form({ content }),
    as('192.0.2.2'),
  )
  expect(res.status).toBe(201)
  return res.body.postId as number
}

beforeAll(async () => {
  server = await startServer({
    env: { TRUST_PROXY_HOPS: '1', PUBLIC_ORIGIN: ORIGIN, RATE_LIMITS: roomyRateLimits() },
  })
  first = await newThread('science', 'Topic <b>bold</b> & ]]> "q"', 'Opening <script>alert(1)</script> & ]]> text')
  for (let i = 1; i <= 51; i++) await newThread('science', `Filler thread ${i}`, `filler ${i}`)
  busy = await newThread('food', 'Busy thread', 'The opening post.')
  for (let i = 1; i <= 54; i++) replyIds.push(await reply('food', busy.threadId, `reply number ${i}`))
  replyIds.push(
    await reply(
      'food',
      busy.threadId,
      `>>${replyIds[53]} and >>${first.postId}\n>green <i>quote</i>\n[spoiler]hidden words[/spoiler] https://example.org/?a=1&b=2 bell\u0007`,
    ),
  )
})
afterAll(async () => {
  await server?.stop()
})

async function fetchFeed(path: string) {
  const res = await fetch(server.url + path, { headers: as('198.51.100.9') })
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    cache: res.headers.get('x-corkboard-cache'),
    xml: await res.text(),
  }
}

/** Well-formed XML whose root is an Atom 1.0 feed, read by a feed parser. */
function readAtom(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true)
  const feed = parseFeed(xml)
  expect(feed.meta.type).toBe('atom')
  return feed
}

/**
 * The entries' title and content exactly as the document carries them: HTML (type="html"), which the feed parser
 * above would hand back already decoded.
 */
function htmlOfEntries(xml: string): { title: string; content: string; type: string }[] {
  const doc = new XMLParser({ ignoreAttributes: false }).parse(xml)
  expect(doc.feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom')
  const entries = [doc.feed.entry ?? []].flat()
  return entries.map((e: Record<string, { '#text': string; '@_type': string }>) => {
    expect(e.title['@_type']).toBe('html')
    return { title: e.title['#text'], content: e.content['#text'], type: e.content['@_type'] }
  })
}

describe('the board feed', () => {
  it('lists the 50 newest threads, newest first, with absolute links', async () => {
    const res = await fetchFeed('/board/science/feed.atom')
    expect(res.status).toBe(200)
    expect(res.type).toBe('application/atom+xml; charset=utf-8')
    const feed = readAtom(res.xml)
    expect(feed.title).toBe('/science/ - Science')
    expect(feed.url).toBe(`${ORIGIN}/board/science`)
    expect(feed.self).toBe(`${ORIGIN}/board/science/feed.atom`)
    expect(feed.items).toHaveLength(50)
    expect(feed.items[0].title).toBe('Filler thread 51')
    expect(feed.items[49].title).toBe('Filler thread 2')
    expect(feed.items[0].url).toMatch(new RegExp(`^${ORIGIN}/board/science/thread/\\d+$`))
    expect(feed.items[0].content).toMatch(
      new RegExp(`<img src="${ORIGIN}/media/[0-9a-f]{2}/[0-9a-f]{64}-thumb\\.webp"`),
    )
    expect(feed.items[0].content).toContain('filler 51')
  })

  it('carries topics and text escaped, never as markup', async () => {
    // Only the newest 50 are listed: the first thread comes back once it is among them.
    const board = 'tech'
    const t = await newThread(board, 'Topic <b>bold</b> & ]]> "q"', 'Opening <script>alert(1)</script> & ]]> text')
    const { xml } = await fetchFeed(`/board/${board}/feed.atom`)
    const index = readAtom(xml).items.findIndex((i) => i.url === `${ORIGIN}/board/${board}/thread/${t.threadId}`)
    expect(readAtom(xml).items[index].title).toBe('Topic <b>bold</b> & ]]> "q"')
    const entry = htmlOfEntries(xml)[index]
    expect(entry.title).toBe('Topic &lt;b&gt;bold&lt;/b&gt; &amp; ]]&gt; &quot;q&quot;')
    expect(entry.type).toBe('html')
    expect(entry.content).toContain('<p>Opening &lt;script&gt;alert(1)&lt;/script&gt; &amp; ]]&gt; text</p>')
    expect(entry.content).not.toContain('<script>')
  })

  it('answers 404 for an unknown or malformed board', async () => {
    expect((await fetchFeed('/board/nosuch/feed.atom')).status).toBe(404)
    expect((await fetchFeed('/board/NO!/feed.atom')).status).toBe(404)
  })
})

describe('the thread feed', () => {
  it('lists the 50 newest posts, newest first, each linked to its anchor', async () => {
    const res = await fetchFeed(`/board/food/thread/${busy.threadId}/feed.atom`)
    expect(res.status).toBe(200)
    const feed = readAtom(res.xml)
    expect(feed.title).toBe('Busy thread - /food/')
    expect(feed.self).toBe(`${ORIGIN}/board/food/thread/${busy.threadId}/feed.atom`)
    const threadUrl = `${ORIGIN}/board/food/thread/${busy.threadId}`
    expect(feed.items).toHaveLength(50)
    expect(feed.items.map((i) => i.url)).toEqual(
      replyIds
        .slice(-50)
        .reverse()
        .map((id) => `${threadUrl}#post-${id}`),
    )
    expect(feed.items[1].title).toBe(`No. ${replyIds[53]}: reply number 54`)
  })

  it('renders the markup: references, quotes and links, spoilers left out, control characters dropped', async () => {
    const { xml } = await fetchFeed(`/board/food/thread/${busy.threadId}/feed.atom`)
    readAtom(xml)
    const { content } = htmlOfEntries(xml)[0]
    const threadUrl = `${ORIGIN}/board/food/thread/${busy.threadId}`
    expect(content).toContain(`<a href="${threadUrl}#post-${replyIds[53]}">&gt;&gt;${replyIds[53]}</a>`)
    // A post outside the feed is linked through /post/{id}, which finds its thread.
    expect(content).toContain(`<a href="${ORIGIN}/post/${first.postId}">&gt;&gt;${first.postId}</a>`)
    expect(content).toContain('<span style="color:#15803d">&gt;green &lt;i&gt;quote&lt;/i&gt;</span>')
    expect(content).toContain('<a href="https://example.org/?a=1&amp;b=2" rel="nofollow ugc noopener noreferrer">')
    expect(content).not.toContain('hidden words')
    expect(content).toContain('<em>[spoiler]</em>')
    expect(content).toContain('bell')
    expect(content).not.toContain('\u0007')
  })

  it('answers 404 for an unknown thread, a thread of another board and a malformed id', async () => {
    expect((await fetchFeed('/board/food/thread/999999/feed.atom')).status).toBe(404)
    expect((await fetchFeed(`/board/science/thread/${busy.threadId}/feed.atom`)).status).toBe(404)
    expect((await fetchFeed('/board/food/thread/0x1/feed.atom')).status).toBe(404)
  })

  it('is named by the thread page', async () => {
    const html = await (await fetch(`${server.url}/board/food/thread/${busy.threadId}`)).text()
    expect(html).toMatch(
      new RegExp(
        `<link rel="alternate" type="application/atom\\+xml" href="[^"]*/board/food/thread/${busy.threadId}/feed\\.atom"`,
      ),
    )
  })
})

describe('feeds in the page cache', () => {
  it('a new thread shows in the board feed on the very next request', async () => {
    await fetchFeed('/board/anime/feed.atom')
    expect((await fetchFeed('/board/anime/feed.atom')).cache).toBe('HIT')
    await newThread('anime', 'Fresh in the feed', 'hello feed')
    const next = await fetchFeed('/board/anime/feed.atom')
    expect(readAtom(next.xml).items[0].title).toBe('Fresh in the feed')
  })

  it('a reply shows in the thread feed on the very next request', async () => {
    const t = await newThread('anime', 'Thread feed cache', 'opening')
    const path = `/board/anime/thread/${t.threadId}/feed.atom`
    await fetchFeed(path)
    expect((await fetchFeed(path)).cache).toBe('HIT')
    const id = await reply('anime', t.threadId, 'a reply for the feed')
    const next = await fetchFeed(path)
    expect(readAtom(next.xml).items[0].url).toBe(`${ORIGIN}/board/anime/thread/${t.threadId}#post-${id}`)
  })
})
