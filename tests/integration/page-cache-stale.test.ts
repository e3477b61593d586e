// Pages served stale (PAGE_STALE_MS, lib/page-cache/serve.ts): after a reply, readers of the cached thread, board
// and catalog pages may get them without it for a bounded time while one render of the new state runs in the
// background; the poster, the API and anything that removes content are never stale.
import { describe, expect, it } from 'vitest'
import { as, form, pageRenders, postForm } from '../helpers/http'
import { cached, newThread, page, withPageCacheServer } from '../helpers/page-cache'

const STALE_MS = 6_000
const METRICS_TOKEN = 'stale-pages-metrics-token-0123456789'
// The helpers' reader is 192.0.2.200 and their new threads come from 192.0.2.10.
const POSTER = '192.0.2.10'
const REPLIER = '192.0.2.11'
const server = withPageCacheServer({ PAGE_STALE_MS: String(STALE_MS), METRICS_TOKEN })

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const renders = () => pageRenders(server().url, METRICS_TOKEN)

async function reply(board: string, threadId: number, content: string, ip = REPLIER, cookie?: string) {
  const res = await postForm(`${server().url}/api/boards/${board}/threads/${threadId}/posts`, form({ content }), {
    ...as(ip),
    ...(cookie ? { Cookie: cookie } : {}),
  })
  expect(res.status).toBe(201)
  return res.body as { postId: number }
}

describe('after a reply', () => {
  it('readers get the cached pages stale until the background render of the new state is stored', async () => {
    const t = await newThread('tech', 'Stale pages topic')
    const pages = [`/board/tech/thread/${t.threadId}`, '/board/tech', '/board/tech/catalog']
    for (const path of pages) await cached(path)
    await reply('tech', t.threadId, 'a reply readers see a little later')

    for (const path of pages) {
      const stale = await page(path)
      expect(stale.cache, path).toBe('STALE')
      expect(stale.status).toBe(200)
      // A shared cache in front must not keep a stale page on top of its own staleness.
      expect(stale.headers.get('cache-control')).toBe('no-cache')
    }
    expect((await page(pages[0])).text).not.toContain('a reply readers see a little later')

    // The API, which readers with scripts catch up from, shows the reply at once; so do the pages for its poster
    // (a render for them, which is then everyone's).
    const api = await page(`/api/boards/tech/threads/${t.threadId}/posts`)
    expect(api.text).toContain('a reply readers see a little later')
    const own = await page('/board/tech', as(REPLIER))
    expect(own.cache).toBe('MISS')
    expect(own.text).toContain('a reply readers see a little later')
    expect((await page('/board/tech')).cache).toBe('HIT')

    // A reader asking again and again gets the new page once a background render (started by a stale answer, at
    // most one per half window) is stored; never a stale answer that shows the reply, never a render of its own.
    const seen: string[] = []
    for (;;) {
      const answer = await page(pages[0])
      const shows = answer.text.includes('a reply readers see a little later')
      seen.push(`${answer.cache}${shows ? '+' : '-'}`)
      if (answer.cache === 'HIT' && shows) break
      expect(seen.length, seen.join(' ')).toBeLessThan(200)
      await sleep(100)
    }
    expect(new Set(seen.slice(0, -1)), seen.join(' ')).toEqual(new Set(['STALE-']))
    // Operators see them in the page cache's counter.
    const metrics = await fetch(`${server().url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })
    const stale = /corkboard_page_cache_requests_total\{result="stale"\} (\d+)/.exec(await metrics.text())
    expect(Number(stale?.[1])).toBeGreaterThanOrEqual(seen.length - 1 + pages.length)
  })

  it('replies arriving while the background render runs start no second one', async () => {
    // The catalog is always rendered whole by Next: the slowest render, so replies surely land during it.
    const t = await newThread('food', 'Posted to while rendering')
    const path = '/board/food/catalog'
    await cached(path)
    await reply('food', t.threadId, 'the reply that makes the catalog stale')
    // Past half the window since the catalog's render: the next stale answer starts a render in the background.
    await sleep(STALE_MS / 2 + 100)
    const before = await renders()
    // A second of replies and reads at once (still inside the window): one render, whatever lands during it. A
    // reader never waits for one: the stale page, or the new one if a read comes between its store and a reply.
    const until = Date.now() + 1_000
    for (let i = 0; Date.now() < until; i++) {
      const [, a, b] = await Promise.all([
        reply('food', t.threadId, `reply ${i} during the render`),
        page(path),
        page(path),
      ])
      for (const answer of [a, b]) expect(['STALE', 'HIT']).toContain(answer.cache)
    }
    expect((await renders()) - before).toBe(1)
  })

  it('a page is never sent stale for longer than PAGE_STALE_MS', async () => {
    const t = await newThread('diy', 'Bounded staleness')
    await cached(`/board/diy/thread/${t.threadId}`)
    await reply('diy', t.threadId, 'a reply nobody read for a while')
    // No reader meanwhile, so no background render was started: the next one is rendered for its reader.
    await sleep(STALE_MS + 200)
    const late = await page(`/board/diy/thread/${t.threadId}`)
    expect(late.cache).toBe('MISS')
    expect(late.text).toContain('a reply nobody read for a while')
  })

  it('a deletion drops the pages at once, stale or not', async () => {
    const t = await newThread('random', 'Deleted while stale')
    const r = await reply('random', t.threadId, 'a reply its owner deletes', POSTER, t.cookie)
    await cached(`/board/random/thread/${t.threadId}`)
    await cached('/board/random')
    await reply('random', t.threadId, 'another reply')
    expect((await page(`/board/random/thread/${t.threadId}`)).cache).toBe('STALE')
    const deleted = await fetch(`${server().url}/api/boards/random/threads/${t.threadId}/posts/${r.postId}`, {
      method: 'DELETE',
      headers: { Cookie: t.cookie, ...as(POSTER) },
    })
    expect(deleted.status).toBe(200)
    for (const path of [`/board/random/thread/${t.threadId}`, '/board/random']) {
      const after = await page(path)
      expect(after.cache, path).toBe('MISS')
      expect(after.text, path).not.toContain('a reply its owner deletes')
      expect(after.text, path).toContain('another reply')
    }
  })
})
