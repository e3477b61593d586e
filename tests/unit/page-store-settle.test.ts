// A stored page is compressed fast for the reader waiting on it, then again at the better settings a few seconds
// later if it is still held: same page, same ETag, still dropped by its tags. The ETag is the page's content hash.
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { PageStore, type RenderedPage } from '@/lib/page-cache/store'

const body = Buffer.from(
  Array.from(
    { length: 3000 },
    (_, i) => `<article id="post-${i}"><p>Post number ${i} – ${'words '.repeat(i % 17)}</p></article>`,
  ).join(''),
)
const page: RenderedPage = { status: 200, headers: { 'content-type': 'text/html' }, body }
const keep = async () => true
const render = async () => page

async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10))
}

describe('PageStore recompression', () => {
  const stores: PageStore[] = []
  afterEach(() => stores.splice(0).forEach((s) => s.close()))

  it('replaces a held entry by a smaller one of the same page and ETag, keeping its tags', async () => {
    const store = new PageStore(1 << 26, 20)
    stores.push(store)
    const { entry: rendered } = await store.render('k', ['thread:1'], 60_000, render, keep)
    // A client that takes gzip but not brotli asked before the entry settled.
    const first = await store.gzipped('k', rendered!)
    await until(() => store.get('k') !== first)
    const settled = store.get('k')!
    expect(settled).not.toBe(first)
    expect(settled.etag).toBe(first.etag)
    expect(settled.br.length).toBeLessThan(first.br.length)
    expect(settled.gzip!.length).toBeLessThan(first.gzip!.length)
    expect(brotliDecompressSync(settled.br).equals(body)).toBe(true)
    expect(gunzipSync(settled.gzip!).equals(body)).toBe(true)
    store.invalidate(['thread:1'])
    expect(store.get('k')).toBeUndefined()
  })

  it('makes a gzip copy only when asked, once for all who ask, counted in its bytes until dropped', async () => {
    const store = new PageStore(1 << 26, -1)
    stores.push(store)
    const { entry } = await store.render('k', ['thread:1'], 60_000, render, keep)
    expect(entry!.gzip).toBeUndefined()
    const before = store.bytes
    const asked = await Promise.all([store.gzipped('k', entry!), store.gzipped('k', entry!)])
    expect(asked[1]).toBe(asked[0])
    const held = store.get('k')!
    expect(held).toBe(asked[0])
    expect(gunzipSync(held.gzip!).equals(body)).toBe(true)
    expect([held.etag, held.br, held.identity]).toEqual([entry!.etag, entry!.br, entry!.identity])
    expect(store.bytes).toBe(before + held.gzip!.length)
    expect(await store.gzipped('k', held)).toBe(held)
    store.invalidate(['thread:1'])
    expect(store.get('k')).toBeUndefined()
    expect(store.bytes).toBe(0)
  })

  it('keeps a page marked stale after its gzip copy was made, and a copy made for a dropped page out', async () => {
    const store = new PageStore(1 << 26, -1)
    stores.push(store)
    const { entry } = await store.render('k', ['thread:1'], 60_000, render, keep, true)
    const making = store.gzipped('k', entry!)
    store.invalidate(['thread:1'], true)
    const made = await making
    expect(store.get('k')).toBe(made)
    expect(made.staleSince).toBeTypeOf('number')
    // A copy finished after its page was dropped is served to its reader but not stored.
    const { entry: next } = await store.render('j', ['thread:2'], 60_000, render, keep)
    const late = store.gzipped('j', next!)
    store.invalidate(['thread:2'])
    expect((await late).gzip).toBeDefined()
    expect(store.get('j')).toBeUndefined()
  })

  it('never puts back a page dropped before its turn, over the page rendered after the drop', async () => {
    const store = new PageStore(1 << 26, 20)
    stores.push(store)
    await store.render('k', ['thread:1'], 60_000, render, keep)
    store.invalidate(['thread:1'])
    const newer: RenderedPage = { ...page, body: Buffer.concat([body, Buffer.from('<p>a reply</p>')]) }
    const { entry } = await store.render('k', ['thread:1'], 60_000, async () => newer, keep)
    await new Promise((r) => setTimeout(r, 150))
    expect(store.get('k')?.etag).toBe(entry!.etag)
    expect(brotliDecompressSync(store.get('k')!.br).equals(newer.body)).toBe(true)
  })

  it('gives the same bytes the same ETag and other bytes another, whenever they are rendered', async () => {
    const store = new PageStore(1 << 26, 20)
    stores.push(store)
    const { entry: a } = await store.render('a', ['thread:1'], 60_000, render, keep)
    const { entry: b } = await store.render(
      'b',
      ['thread:2'],
      60_000,
      async () => ({ ...page, body: Buffer.from(body) }),
      keep,
    )
    const other: RenderedPage = { ...page, body: Buffer.concat([body, Buffer.from(' ')]) }
    const { entry: c } = await store.render('c', ['thread:3'], 60_000, async () => other, keep)
    expect(a!.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/)
    expect(b!.etag).toBe(a!.etag)
    expect(c!.etag).not.toBe(a!.etag)
  })
})
