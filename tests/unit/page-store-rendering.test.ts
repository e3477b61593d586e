// A render disowned by an invalidation is no longer shared (a request after a write must not get a page from before
// it) but still counts as under way until it ends, so serve.ts does not start a second background render of a stale
// page for every reply that lands during the first.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PageStore, type RenderedPage } from '@/lib/page-cache/store'

const page = (text: string): RenderedPage => ({ status: 200, headers: {}, body: Buffer.from(text) })
const keep = async () => true

/** A render that ends when the test says so. */
function held(text: string) {
  let finish!: () => void
  const done = new Promise<void>((r) => (finish = r))
  return { render: async () => (await done, page(text)), finish }
}

describe('PageStore.rendering', () => {
  const stores: PageStore[] = []
  afterEach(() => {
    stores.splice(0).forEach((s) => s.close())
    vi.restoreAllMocks()
  })
  const newStore = () => {
    const store = new PageStore(1 << 20, -1)
    stores.push(store)
    return store
  }

  it('stays true through a soft invalidation until the disowned render has stored its page, stale', async () => {
    const store = newStore()
    const first = held('before the reply')
    const pending = store.render('k', ['thread:1'], 60_000, first.render, keep, true)
    store.invalidate(['thread:1'], true)
    expect(store.rendering('k')).toBe(true)
    // Not shared any more: a request after the reply gets a render of its own.
    const second = held('with the reply')
    const next = store.render('k', ['thread:1'], 60_000, second.render, keep, true)
    first.finish()
    expect((await pending).entry?.staleSince).toBeTypeOf('number')
    expect(store.rendering('k')).toBe(true)
    second.finish()
    expect((await next).entry?.identity.toString()).toBe('with the reply')
    expect(store.rendering('k')).toBe(false)
  })

  it('stores the render after a reply even when it began in the same millisecond as the stale one before it', async () => {
    // Both renders start at one clock reading: the later one must still replace the page that misses the reply.
    vi.spyOn(Date, 'now').mockReturnValue(1_000_000)
    const store = newStore()
    const first = held('before the reply')
    const pending = store.render('k', ['thread:1'], 60_000, first.render, keep, true)
    store.invalidate(['thread:1'], true)
    const second = held('with the reply')
    const next = store.render('k', ['thread:1'], 60_000, second.render, keep, true)
    first.finish()
    await pending
    second.finish()
    expect((await next).entry?.identity.toString()).toBe('with the reply')
    expect(store.get('k')?.identity.toString()).toBe('with the reply')
  })

  it('stays true through a hard invalidation until the dropped render ends, which stores nothing', async () => {
    const store = newStore()
    const flight = held('dropped')
    const pending = store.render('k', ['thread:1'], 60_000, flight.render, keep, true)
    store.invalidate(['thread:1'])
    expect(store.rendering('k')).toBe(true)
    flight.finish()
    expect((await pending).entry).toBeUndefined()
    expect(store.rendering('k')).toBe(false)
    expect(store.get('k')).toBeUndefined()
  })
})
