// Which requests the page cache keeps, and which cached entries a board settings change drops (lib/page-cache/routes.ts).
import { describe, expect, it } from 'vitest'
import { cachedRoute, onlyAdds, tagsFor } from '@/lib/page-cache/routes'
import { PageStore } from '@/lib/page-cache/store'

const page = (body: string) => ({ status: 200, headers: { 'content-type': 'text/html' }, body: Buffer.from(body) })

/** A store holding each page at its route's tags. */
async function storeHolding(paths: string[]): Promise<PageStore> {
  const store = new PageStore(1 << 20)
  for (const path of paths)
    await store.render(
      path,
      cachedRoute(path)!.tags,
      60_000,
      async () => page(path),
      async () => true,
    )
  return store
}

describe('board_updated', () => {
  it('names the home and statistics pages and the board with all its thread pages', () => {
    expect(tagsFor({ name: 'board_updated', payload: { boardId: 'tech' } })).toEqual([
      'home',
      'stats',
      'board:tech',
      'threads:tech',
    ])
    expect(cachedRoute('/board/tech/thread/42')?.tags).toEqual(['thread:42', 'threads:tech'])
  })

  it('drops those pages from a store and keeps other boards and the rules', async () => {
    const paths = [
      '/',
      '/rules',
      '/stats',
      '/board/tech',
      '/board/tech/thread/42',
      '/board/diy',
      '/board/diy/thread/43',
    ]
    const store = await storeHolding(paths)
    store.invalidate(tagsFor({ name: 'board_updated', payload: { boardId: 'tech' } }))
    expect(paths.filter((p) => store.get(p))).toEqual(['/rules', '/board/diy', '/board/diy/thread/43'])
  })
})

describe('a ban on any board', () => {
  it("drops every board page and the banned post's thread page, and no other thread page", async () => {
    const paths = [
      '/rules',
      '/board/tech',
      '/board/tech/catalog',
      '/board/diy',
      '/board/tech/thread/42',
      '/board/diy/thread/43',
    ]
    const store = await storeHolding(paths)
    store.invalidate(tagsFor({ name: 'bans_changed', payload: { boardId: null, threadId: 42 } } as never))
    expect(paths.filter((p) => store.get(p))).toEqual(['/rules', '/board/diy/thread/43'])
  })
})

describe('routes', () => {
  it('keeps pages only without a query string, but for the page number of a board index', () => {
    expect(cachedRoute('/board/tech')).toMatchObject({ tags: ['board:tech'], boardId: 'tech' })
    expect(cachedRoute('/board/tech', '?page=2')).toMatchObject({ tags: ['board:tech'], boardId: 'tech' })
    expect(cachedRoute('/board/tech', '?page=10')).toMatchObject({ tags: ['board:tech'] })
    for (const search of ['?page=0', '?page=1', '?page=02', '?page=2&page=3', '?page=2&x=1', '?x=1', '?page=12345']) {
      expect(cachedRoute('/board/tech', search), search).toBeNull()
    }
    expect(cachedRoute('/board/tech/archive')).toMatchObject({ tags: ['board:tech'], boardId: 'tech', ttlMs: 60_000 })
    expect(cachedRoute('/board/tech/archive', '?page=2')).toBeNull()
    expect(cachedRoute('/board/tech/thread/42', '?x=1')).toBeNull()
    expect(cachedRoute('/board/tech/thread/4294967296')).toBeNull()
  })

  it('keeps the catalog in the orders its links write, with the board index’s tag', () => {
    for (const search of ['', '?sort=bump', '?sort=created', '?sort=replies', '?sort=activity']) {
      expect(cachedRoute('/board/tech/catalog', search), search).toMatchObject({
        tags: ['board:tech'],
        boardId: 'tech',
      })
    }
    for (const search of ['?sort=', '?sort=other', '?sort=created&sort=replies', '?sort=created&x=1', '?page=2']) {
      expect(cachedRoute('/board/tech/catalog', search), search).toBeNull()
    }
  })

  it('leaves feeds uncached without PUBLIC_ORIGIN (a cache render would write its own loopback links)', () => {
    expect(cachedRoute('/board/tech/feed.atom')).toBeNull()
    expect(cachedRoute('/board/tech/thread/42/feed.atom')).toBeNull()
  })

  it('keeps a thread posts API answer, with the thread page’s tags, for the queries its handler accepts', () => {
    const posts = '/api/boards/tech/threads/42/posts'
    for (const search of ['', '?after=17', '?includeSurveys=false', '?after=17&includeSurveys=true']) {
      expect(cachedRoute(posts, search), search).toEqual({
        tags: ['thread:42', 'threads:tech'],
        boardId: 'tech',
        threadId: 42,
        ttlMs: 600_000,
        api: true,
      })
    }
    // Invalid or unknown parameters are the handler's to refuse (400), never cached.
    for (const search of [
      '?after=0',
      '?after=abc',
      '?after=1&after=2',
      '?includeSurveys=yes',
      '?constructor=1',
      '?other=1',
    ]) {
      expect(cachedRoute(posts, search), search).toBeNull()
    }
  })

  it('keeps every public API read with the tags of the pages showing the same data, without a query', () => {
    const api = { ttlMs: 600_000, api: true }
    expect(cachedRoute('/api/boards')).toEqual({ tags: ['home'], ...api })
    expect(cachedRoute('/api/boards/tech')).toEqual({ tags: ['threads:tech'], boardId: 'tech', ...api })
    expect(cachedRoute('/api/boards/tech/threads')).toEqual({ tags: ['board:tech'], boardId: 'tech', ...api })
    expect(cachedRoute('/api/boards/tech/threads/42')).toEqual({
      tags: ['thread:42', 'threads:tech'],
      boardId: 'tech',
      threadId: 42,
      ...api,
    })
    for (const read of ['results', 'correlations'])
      expect(cachedRoute(`/api/boards/tech/surveys/7/${read}`)).toEqual({
        tags: ['board:tech'],
        boardId: 'tech',
        ...api,
      })
    for (const [path, search] of [
      ['/api/boards', '?x=1'],
      ['/api/boards/tech', '?x=1'],
      ['/api/boards/tech/threads', '?page=2'],
      ['/api/boards/tech/threads/42', '?x=1'],
      ['/api/boards/tech/threads/4294967296', ''],
      ['/api/boards/tech/surveys/4294967296/results', ''],
      ['/api/boards/tech/surveys/7/results', '?x=1'],
      ['/api/boards/tech/threads/42/posts/43/survey', ''],
      ['/api/boards/tech/surveys/7/vote', ''],
      ['/api/boards/tech/appeal/7', ''],
      ['/api/boards/TECH', ''],
      ['/api/boardsx', ''],
      ['/api/search', '?q=x'],
      ['/api/captcha', ''],
      ['/api/health', ''],
      ['/api/admin/boards', ''],
    ])
      expect(cachedRoute(path, search), path + search).toBeNull()
  })

  it('keeps the statistics API as long as the statistics page, with the plain hour counts its handler accepts', () => {
    const stats = { tags: ['stats'], ttlMs: 60_000, api: true }
    expect(cachedRoute('/api/stats')).toEqual(stats)
    expect(cachedRoute('/api/stats/hourly')).toEqual(stats)
    expect(cachedRoute('/api/stats/hourly', '?hours=168')).toEqual(stats)
    expect(cachedRoute('/api/stats/hourly', '?hours=1')).toEqual(stats)
    for (const search of ['?hours=0', '?hours=169', '?hours=024', '?hours=24&hours=1', '?hours=24&x=1', '?x=1'])
      expect(cachedRoute('/api/stats/hourly', search), search).toBeNull()
    expect(cachedRoute('/api/stats', '?hours=24')).toBeNull()
    expect(cachedRoute('/api/stats/other')).toBeNull()
  })
})

describe('soft invalidation (an event that only adds to pages)', () => {
  it('names posts, threads, polls and votes; never what removes or changes content', () => {
    const on = { boardId: 'tech', threadId: 1, postId: 2 } as never
    for (const name of ['post_created', 'thread_created', 'survey_created', 'survey_vote'])
      expect(onlyAdds({ name, payload: on } as never), name).toBe(true)
    for (const name of ['post_deleted', 'thread_deleted', 'post_color_changed', 'thread_sticky_updated', 'thread_died'])
      expect(onlyAdds({ name, payload: on } as never), name).toBe(false)
    expect(onlyAdds({ name: 'bans_changed', payload: { boardId: 'tech', threadId: 1 } })).toBe(false)
    expect(onlyAdds({ name: 'board_updated', payload: { boardId: 'tech' } })).toBe(false)
  })

  it('keeps staleOk pages marked stale, drops the others, and a hard invalidation drops them all', async () => {
    const store = new PageStore(1 << 20)
    const paths = ['/board/tech', '/board/tech/archive', '/api/boards/tech/threads']
    for (const path of paths) {
      const route = cachedRoute(path)!
      await store.render(
        path,
        route.tags,
        60_000,
        async () => page(path),
        async () => true,
        route.staleOk,
      )
    }
    store.invalidate(['board:tech'], true)
    expect(store.get('/board/tech')?.staleSince).toBeTypeOf('number')
    expect(store.get('/board/tech/archive')).toBeUndefined()
    expect(store.get('/api/boards/tech/threads')).toBeUndefined()
    store.invalidate(['board:tech'])
    expect(store.get('/board/tech')).toBeUndefined()
  })

  it('stores a render that a soft invalidation overtook as stale, and one a hard invalidation overtook not at all', async () => {
    for (const soft of [true, false]) {
      const store = new PageStore(1 << 20)
      let finish!: () => void
      const rendered = new Promise<void>((resolve) => (finish = resolve))
      const flight = store.render(
        '/board/tech',
        ['board:tech'],
        60_000,
        async () => (await rendered, page('before the write')),
        async () => true,
        true,
      )
      store.invalidate(['board:tech'], soft)
      finish()
      await flight
      const kept = store.get('/board/tech')
      if (soft) expect(kept?.staleSince).toBeTypeOf('number')
      else expect(kept).toBeUndefined()
    }
  })
})
