// Which cached pages a board settings change drops (lib/page-cache/routes.ts).
import { describe, expect, it } from 'vitest'
import { cachedRoute, tagsFor } from '@/lib/page-cache/routes'
import { PageStore } from '@/lib/page-cache/store'

const page = (body: string) => ({ status: 200, headers: { 'content-type': 'text/html' }, body: Buffer.from(body) })

describe('board_updated', () => {
  it('names the home and statistics pages and the board with all its thread pages', () => {
    expect(tagsFor({ name: 'board_updated', payload: { boardId: 'tech' } })).toEqual(['home', 'stats', 'board:tech', 'threads:tech'])
    expect(cachedRoute('/board/tech/thread/42')?.tags).toEqual(['thread:42', 'threads:tech'])
  })

  it('drops those pages from a store and keeps other boards and the rules', async () => {
    const store = new PageStore(1 << 20)
    const paths = ['/', '/rules', '/stats', '/board/tech', '/board/tech/thread/42', '/board/diy', '/board/diy/thread/43']
    for (const path of paths) await store.render(path, cachedRoute(path)!.tags, 60_000, async () => page(path), async () => true)
    store.invalidate(tagsFor({ name: 'board_updated', payload: { boardId: 'tech' } }))
    expect(paths.filter((p) => store.get(p))).toEqual(['/rules', '/board/diy', '/board/diy/thread/43'])
  })
})
