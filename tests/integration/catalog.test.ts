// The catalog page (/board/{id}/catalog): every live thread as a tile with its thumbnail or a placeholder, counts,
// marks and an escaped excerpt, in the four orders its sort links offer, rendered on the server.
import { type HTMLElement, parse } from 'node-html-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, form, postForm } from '../helpers/http'
import { mp3, png } from '../helpers/media'
import { roomyRateLimits, startServer, type TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'
import { loggedInAdmin } from '../helpers/staff'

let server: TestServer
const ids: Record<'alpha' | 'beta' | 'gamma' | 'pinned' | 'gone', number> = {
  alpha: 0,
  beta: 0,
  gamma: 0,
  pinned: 0,
  gone: 0,
}
const BOARD = 'tech'
const LONG = `${'word '.repeat(40)}[spoiler]secret ending[/spoiler] <script>alert(1)</script>`

async function newThread(topic: string, content: string, audio = false) {
  const file = audio ? { name: 'a.mp3', bytes: await mp3() } : { name: 'a.png', bytes: await png() }
  const res = await postForm(
    `${server.url}/api/boards/${BOARD}/threads`,
    form({ topic, content }, file),
    as('192.0.2.1'),
  )
  expect(res.status).toBe(201)
  return res.body.threadId as number
}

async function reply(threadId: number, content: string, opts: { image?: boolean; sage?: boolean } = {}) {
  const file = opts.image ? { name: 'r.png', bytes: await png(30, 30, { r: 0, g: 90, b: 200 }) } : undefined
  const fields: Record<string, string> = opts.sage ? { content, dont_bump: 'true' } : { content }
  const res = await postForm(
    `${server.url}/api/boards/${BOARD}/threads/${threadId}/posts`,
    form(fields, file),
    as('192.0.2.2'),
  )
  expect(res.status).toBe(201)
}

beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY_HOPS: '1', RATE_LIMITS: roomyRateLimits('staffWrite') } })
  // Created alpha, beta, gamma, pinned, gone; beta bumped by its replies; alpha's reply is sage (no bump).
  ids.alpha = await newThread('Alpha <b>bold</b> & "quoted"', LONG)
  ids.beta = await newThread('Beta with audio', 'Listen to this.', true)
  ids.gamma = await newThread('Gamma quiet', 'Nobody answers this one.')
  ids.pinned = await newThread('Pinned rules', 'Read these first.')
  ids.gone = await newThread('Gone thread', 'This one dies.')
  await reply(ids.beta, 'first')
  await reply(ids.beta, 'second with a picture', { image: true })
  await reply(ids.beta, 'third')
  await reply(ids.alpha, 'a sage reply, the newest post of all', { sage: true })
  const admin = await loggedInAdmin(server, as('10.0.0.9'))
  expect((await admin.write('PUT', `/api/admin/boards/${BOARD}/threads/${ids.pinned}/sticky`)).status).toBe(200)
  await sql(server.database, 'UPDATE threads SET is_dead = ?, died_at = ? WHERE id = ?', true, new Date(), ids.gone)
  // An opening post without a file (as older boards allowed) gets the text-only placeholder.
  await sql(
    server.database,
    'UPDATE posts SET image_url = NULL, thumbnail_url = NULL, file_type = NULL WHERE thread_id = ? AND is_op = ?',
    ids.gamma,
    true,
  )
})
afterAll(async () => {
  await server?.stop()
})

async function catalog(query = '') {
  const res = await fetch(`${server.url}/board/${BOARD}/catalog${query}`, { headers: as('198.51.100.7') })
  const text = await res.text()
  return { status: res.status, text, root: parse(text) }
}

const tiles = (root: HTMLElement) => root.querySelectorAll('[data-testid="catalog-grid"] article[data-thread-id]')
const order = (root: HTMLElement) => tiles(root).map((t) => Number(t.getAttribute('data-thread-id')))
const tile = (root: HTMLElement, id: number) => root.querySelector(`article[data-thread-id="${id}"]`)!
const has = (el: HTMLElement, selector: string) => el.querySelector(selector) !== null

describe('the catalog page', () => {
  it('lists every live thread with its counts, thumbnail or placeholder, and marks', async () => {
    const { status, root } = await catalog()
    expect(status).toBe(200)
    expect(root.querySelector('title')!.text).toBe('Catalog - /tech/ - Technology - Corkboard')
    expect(order(root).sort()).toEqual([ids.alpha, ids.beta, ids.gamma, ids.pinned].sort())
    const counts = (id: number) => tile(root, id).querySelector('[data-testid="catalog-counts"]')!.text
    expect(counts(ids.beta)).toBe('R: 3 / I: 1')
    expect(counts(ids.alpha)).toBe('R: 1 / I: 0')
    expect(counts(ids.gamma)).toBe('R: 0 / I: 0')
    // The opening post's thumbnail, or a placeholder for a thread without a file.
    expect(tile(root, ids.alpha).querySelector('img')!.getAttribute('src')).toMatch(
      /^\/media\/[0-9a-f]{2}\/[0-9a-f]{64}-thumb\.webp$/,
    )
    // Audio has the site's audio placeholder as its thumbnail.
    expect(tile(root, ids.beta).querySelector('img')!.getAttribute('src')).toBe('/placeholders/audio.svg')
    expect(has(tile(root, ids.gamma), 'img')).toBe(false)
    expect(tile(root, ids.gamma).querySelector('[data-testid="catalog-placeholder"]')!.text).toBe('Text only')
    expect(has(tile(root, ids.pinned), '[data-testid="catalog-sticky"]')).toBe(true)
    expect(has(tile(root, ids.beta), '[data-testid="catalog-sticky"]')).toBe(false)
    expect(has(root, '[data-testid="catalog-dead"]')).toBe(false)
    // Each tile links to its thread; the page links back to the board.
    expect(tile(root, ids.gamma).querySelector('h2 a')!.getAttribute('href')).toBe(`/board/tech/thread/${ids.gamma}`)
    expect(
      root.querySelectorAll('a').some((a) => a.getAttribute('href') === '/board/tech' && /board/i.test(a.text)),
    ).toBe(true)
  })

  it('escapes topics and text, hides spoilers and cuts the excerpt near 150 characters', async () => {
    const { text, root } = await catalog()
    const alpha = tile(root, ids.alpha)
    expect(alpha.querySelector('h2')!.text).toBe('Alpha <b>bold</b> & "quoted"')
    expect(text).toContain('Alpha &lt;b&gt;bold&lt;/b&gt; &amp;')
    expect(text).not.toContain('<b>bold</b>')
    const excerpt = alpha.querySelector('p.text-xs.text-slate-700')!.text
    expect(excerpt.endsWith('…')).toBe(true)
    expect(excerpt.length).toBeLessThanOrEqual(151)
    expect(excerpt.startsWith('word word')).toBe(true)
    expect(text).not.toContain('secret ending')
    expect(text).not.toContain('<script>alert(1)</script>')
  })

  it('sorts by bump order, creation, replies and last reply, sticky threads first', async () => {
    expect(order((await catalog()).root)).toEqual([ids.pinned, ids.beta, ids.gamma, ids.alpha])
    expect(order((await catalog('?sort=bump')).root)).toEqual([ids.pinned, ids.beta, ids.gamma, ids.alpha])
    expect(order((await catalog('?sort=created')).root)).toEqual([ids.pinned, ids.gamma, ids.beta, ids.alpha])
    expect(order((await catalog('?sort=replies')).root)).toEqual([ids.pinned, ids.beta, ids.alpha, ids.gamma])
    expect(order((await catalog('?sort=activity')).root)).toEqual([ids.pinned, ids.alpha, ids.beta, ids.gamma])
  })

  it('writes the sort links as plain links, the current order marked', async () => {
    const { root } = await catalog('?sort=replies')
    const nav = root.querySelector('nav[aria-label="Sort threads"]')!
    expect(nav.querySelectorAll('a').map((a) => a.getAttribute('href'))).toEqual([
      '/board/tech/catalog',
      '/board/tech/catalog?sort=created',
      '/board/tech/catalog?sort=activity',
    ])
    expect(nav.querySelector('[aria-current="page"]')!.text).toBe('Reply count')
  })

  it('answers an unknown order, a repeated one, an unknown board and a malformed board id with 404', async () => {
    expect((await catalog('?sort=sideways')).status).toBe(404)
    expect((await catalog('?sort=created&sort=replies')).status).toBe(404)
    expect((await fetch(`${server.url}/board/nosuch/catalog`)).status).toBe(404)
    expect((await fetch(`${server.url}/board/NO_SUCH/catalog`)).status).toBe(404)
  })

  it('is linked from the board page header, and the board page names its Atom feed', async () => {
    const root = parse(await (await fetch(`${server.url}/board/${BOARD}`)).text())
    expect(root.querySelectorAll('header nav a').map((a) => a.getAttribute('href'))).toContain('/board/tech/catalog')
    const alternate = root.querySelector('link[rel="alternate"][type="application/atom+xml"]')
    expect(alternate!.getAttribute('href')).toMatch(/\/board\/tech\/feed\.atom$/)
  })

  it('shows an empty board as such', async () => {
    const { status, root } = await (async () => {
      const res = await fetch(`${server.url}/board/diy/catalog`)
      return { status: res.status, root: parse(await res.text()) }
    })()
    expect(status).toBe(200)
    expect(tiles(root)).toHaveLength(0)
    expect(root.text).toContain('No threads yet')
  })
})
