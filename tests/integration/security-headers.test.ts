// Security headers: every kind of answer — pages rendered by Next, pages from the page cache
// (MISS, HIT, 304), staff pages, API JSON and API errors, the 404 page, media, flags, socket.io — carries a
// Content-Security-Policy that admits no inline script the server did not issue, plus nosniff, frame, referrer
// and permissions policies; HSTS and Secure cookies whenever the site is reached over HTTPS, which a client can
// only claim through X-Forwarded-Proto when TRUST_PROXY_HOPS trusts a proxy.
import { createHash } from 'node:crypto'
import { io as connect } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { startServer, type TestServer } from '../helpers/server'
import { loggedInAdmin, type StaffClient } from '../helpers/staff'

const LIMITS = JSON.stringify({
  api: { points: 100000 },
  threadCreate: { points: 1000 },
  postCreate: { points: 1000 },
  staffWrite: { points: 1000 },
})

let proxied: TestServer // behind one trusted proxy
let direct: TestServer // no trusted proxy
let https: TestServer // PUBLIC_ORIGIN https
let admin: StaffClient
let thread: { threadId: number; postId: number }
let imageUrl: string

beforeAll(async () => {
  ;[proxied, direct, https] = await Promise.all([
    startServer({ env: { TRUST_PROXY_HOPS: '1', RATE_LIMITS: LIMITS } }),
    startServer({ env: { TRUST_PROXY_HOPS: '0', RATE_LIMITS: LIMITS } }),
    startServer({ env: { TRUST_PROXY_HOPS: '0', RATE_LIMITS: LIMITS, PUBLIC_ORIGIN: 'https://board.example.com' } }),
  ])
  admin = await loggedInAdmin(proxied)
  const created = await postForm(
    `${proxied.url}/api/boards/tech/threads`,
    form({ topic: 'Headers', content: 'op' }, { name: 'a.png', bytes: await png() }),
  )
  expect(created.status).toBe(201)
  thread = created.body
  const posts = await (await fetch(`${proxied.url}/api/boards/tech/threads/${thread.threadId}/posts`)).json()
  imageUrl = posts.posts[0].image_url
  expect(imageUrl).toMatch(/^\/media\//)
}, 120_000)
afterAll(async () => {
  await Promise.all([proxied?.stop(), direct?.stop(), https?.stop()])
})

const directives = (policy: string | null) =>
  new Map(
    (policy ?? '')
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/)
        return [name, values] as const
      }),
  )

/** The headers every answer carries, whatever it is. */
function expectCommonHeaders(headers: Headers) {
  expect(headers.get('x-content-type-options')).toBe('nosniff')
  expect(headers.get('x-frame-options')).toBe('DENY')
  expect(headers.get('referrer-policy')).toBe('same-origin')
  const permissions = headers.get('permissions-policy') ?? ''
  for (const feature of ['camera', 'microphone', 'geolocation']) expect(permissions).toContain(`${feature}=()`)
  expect(headers.get('content-security-policy')).toBeTruthy()
}

/** A page's policy: scripts from this origin or vouched for by nonce/hash only; nothing embeds, frames or rebases it. */
function expectPagePolicy(headers: Headers): Map<string, string[]> {
  expectCommonHeaders(headers)
  const csp = directives(headers.get('content-security-policy'))
  expect(csp.get('default-src')).toEqual(["'self'"])
  const script = csp.get('script-src')!
  expect(script[0]).toBe("'self'")
  expect(script).not.toContain("'unsafe-inline'")
  expect(script).not.toContain("'unsafe-eval'")
  expect(script.slice(1).length).toBeGreaterThan(0)
  for (const source of script.slice(1)) expect(source).toMatch(/^'(nonce-[A-Za-z0-9+/]+=*|sha256-[A-Za-z0-9+/]+=*)'$/)
  expect(csp.get('object-src')).toEqual(["'none'"])
  expect(csp.get('base-uri')).toEqual(["'none'"])
  expect(csp.get('frame-ancestors')).toEqual(["'none'"])
  expect(csp.get('form-action')).toEqual(["'self'"])
  expect(csp.get('connect-src')).toEqual(["'self'"])
  expect(csp.get('img-src')).toContain("'self'")
  return csp
}

/** An API answer's policy: nothing at all may load or run from it, nor frame it. */
function expectApiPolicy(headers: Headers) {
  expectCommonHeaders(headers)
  const csp = directives(headers.get('content-security-policy'))
  expect(csp.get('default-src')).toEqual(["'none'"])
  expect(csp.get('frame-ancestors')).toEqual(["'none'"])
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g

const DATA_BLOCK = /\btype="application\/json"/

/**
 * Every inline script of the page is admitted by the policy: its nonce or its hash is listed. A data block (JSON a
 * page carries for its scripts) is never run, so the policy need not name it; it must hold JSON and nothing else,
 * with no `<` that could end it early.
 */
function expectInlineScriptsAdmitted(html: string, scriptSrc: string[]) {
  const inline = [...html.matchAll(SCRIPT)].filter(([, attrs]) => !/\bsrc=/.test(attrs))
  expect(inline.length).toBeGreaterThan(0)
  for (const [, , text] of inline.filter(([, attrs]) => DATA_BLOCK.test(attrs))) {
    expect(text).not.toContain('<')
    expect(() => JSON.parse(text)).not.toThrow()
  }
  for (const [, attrs, text] of inline.filter(([, attrs]) => !DATA_BLOCK.test(attrs))) {
    const nonce = /\bnonce="([^"]+)"/.exec(attrs)?.[1]
    const hash = `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
    expect(
      scriptSrc.includes(`'nonce-${nonce}'`) || scriptSrc.includes(hash),
      `inline script ${text.slice(0, 60)}`,
    ).toBe(true)
  }
}

async function get(server: TestServer, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(server.url + path, { headers, redirect: 'manual' })
  return { status: res.status, headers: res.headers, text: await res.text() }
}

describe('security headers on every kind of answer', () => {
  it.each(['/', '/board/tech', '/rules', '/stats', 'thread'])(
    'cached page %s: MISS and HIT carry the hashes of its inline scripts, and so does its 304',
    async (which) => {
      const path = which === 'thread' ? `/board/tech/thread/${thread.threadId}` : which
      // A write drops the board and thread pages; the home page and the rest are rendered at most once here.
      const first = await get(proxied, path)
      expect(first.status).toBe(200)
      const csp = expectPagePolicy(first.headers)
      const script = csp.get('script-src')!
      expect(script.slice(1).every((s) => s.startsWith("'sha256-"))).toBe(true)
      expectInlineScriptsAdmitted(first.text, script)
      expect(first.text).not.toContain('nonce=')

      const hit = await get(proxied, path)
      expect(hit.headers.get('x-corkboard-cache')).toBe('HIT')
      expect(hit.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'))
      expect(hit.text).toBe(first.text)

      const revalidated = await get(proxied, path, { 'If-None-Match': hit.headers.get('etag')! })
      expect(revalidated.status).toBe(304)
      expect(revalidated.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'))
      expectCommonHeaders(revalidated.headers)
    },
  )

  it('a cache MISS carries the policy as well as a HIT', async () => {
    // A reply drops the thread page: the next request renders it again.
    expect(
      (await postForm(`${proxied.url}/api/boards/tech/threads/${thread.threadId}/posts`, form({ content: 'again' })))
        .status,
    ).toBe(201)
    const miss = await get(proxied, `/board/tech/thread/${thread.threadId}`)
    expect(miss.headers.get('x-corkboard-cache')).toBe('MISS')
    expectInlineScriptsAdmitted(miss.text, expectPagePolicy(miss.headers).get('script-src')!)
  })

  it.each(['/contact', '/admin/login', '/no/such/page', '/board/tech?page=1', 'thread?view=1'])(
    'page %s rendered by Next: a fresh nonce on every script, none of them unvouched',
    async (which) => {
      const path = which === 'thread?view=1' ? `/board/tech/thread/${thread.threadId}?view=1` : which
      const a = await get(proxied, path)
      const b = await get(proxied, path)
      expect(a.status).toBe(path === '/no/such/page' ? 404 : 200)
      const script = expectPagePolicy(a.headers).get('script-src')!
      const nonce = /^'nonce-(.+)'$/.exec(script[1])?.[1]
      expect(nonce).toBeTruthy()
      expectInlineScriptsAdmitted(a.text, script)
      // Every script element, inline or not, carries this response's nonce; data blocks are never run.
      for (const [, attrs] of a.text.matchAll(SCRIPT))
        if (!DATA_BLOCK.test(attrs)) expect(attrs).toContain(`nonce="${nonce}"`)
      expect(b.headers.get('content-security-policy')).not.toBe(a.headers.get('content-security-policy'))
    },
  )

  it('a render the page cache does not keep (a board that does not exist) carries the hashes of its scripts', async () => {
    const res = await get(proxied, '/board/nope')
    expect(res.text).toContain('not found')
    expectInlineScriptsAdmitted(res.text, expectPagePolicy(res.headers).get('script-src')!)
  })

  it('a nonce sent by the client in a Content-Security-Policy request header is never used', async () => {
    const res = await get(proxied, '/contact', { 'Content-Security-Policy': "script-src 'nonce-attackerchosen'" })
    expect(res.text).not.toContain('attackerchosen')
    expect(res.headers.get('content-security-policy')).not.toContain('attackerchosen')
  })

  it('staff pages with a session', async () => {
    for (const path of ['/admin/dashboard', '/admin/bans', '/admin/users', '/admin/settings', '/admin/rangebans']) {
      const res = await admin.request('GET', path)
      expect(res.status, path).toBe(200)
      expectInlineScriptsAdmitted(res.body, expectPagePolicy(res.headers).get('script-src')!)
    }
  })

  it('API JSON, API errors, the posts API from the cache, staff API', async () => {
    const boards = await get(proxied, '/api/boards')
    expect(boards.status).toBe(200)
    expectApiPolicy(boards.headers)
    for (const [path, status] of [
      ['/api/no/such/route', 404],
      ['/api/boards/nope', 404],
      ['/api/admin/me', 401],
    ] as const) {
      const res = await get(proxied, path)
      expect(res.status, path).toBe(status)
      expect(JSON.parse(res.text).error).toBeTruthy()
      expectApiPolicy(res.headers)
    }
    const posts = `/api/boards/tech/threads/${thread.threadId}/posts`
    await get(proxied, posts)
    const cached = await get(proxied, posts)
    expect(cached.headers.get('x-corkboard-cache')).toBe('HIT')
    expectApiPolicy(cached.headers)
    const me = await admin.request('GET', '/api/admin/me')
    expect(me.status).toBe(200)
    expectApiPolicy(me.headers)
  })

  it('media, its 304 and a missing file; flag images', async () => {
    const media = await fetch(proxied.url + imageUrl)
    expect(media.status).toBe(200)
    expectCommonHeaders(media.headers)
    expect(media.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
    const again = await fetch(proxied.url + imageUrl, { headers: { 'If-None-Match': media.headers.get('etag')! } })
    expect(again.status).toBe(304)
    expectCommonHeaders(again.headers)
    const missing = await fetch(`${proxied.url}/media/ab/abcdef0123456789.webp`)
    expect(missing.status).toBe(404)
    expectCommonHeaders(missing.headers)
    const flag = await fetch(`${proxied.url}/flags/4x3/de.svg`)
    expect(flag.status).toBe(200)
    expectCommonHeaders(flag.headers)
  })

  it("socket.io's own HTTP answers", async () => {
    const res = await fetch(`${proxied.url}/socket.io/?EIO=4&transport=polling`)
    expect(res.status).toBe(200)
    expectApiPolicy(res.headers)
  })
})

describe('HTTPS: HSTS and Secure cookies', () => {
  const newPosterCookie = async (server: TestServer, headers: Record<string, string>) => {
    const res = await postForm(
      `${server.url}/api/boards/tech/threads`,
      form({ topic: 'Cookie', content: 'op' }, { name: 'a.png', bytes: await png() }),
      headers,
    )
    expect(res.status).toBe(201)
    return res.headers.get('set-cookie') ?? ''
  }
  const newSessionCookie = async (server: TestServer, headers: Record<string, string>) =>
    (await fetch(`${server.url}/api/admin/csrf-token`, { headers })).headers.get('set-cookie') ?? ''
  const secure = (cookie: string) =>
    cookie
      .split(';')
      .map((p) => p.trim().toLowerCase())
      .includes('secure')

  it('plain HTTP: no HSTS, cookies without Secure', async () => {
    expect((await get(proxied, '/')).headers.get('strict-transport-security')).toBeNull()
    expect((await get(proxied, '/api/boards')).headers.get('strict-transport-security')).toBeNull()
    const poster = await newPosterCookie(proxied, {})
    expect(poster).toMatch(/^cb_poster=/)
    expect(secure(poster)).toBe(false)
    const session = await newSessionCookie(proxied, {})
    expect(session).toMatch(/^cb_session=/)
    expect(secure(session)).toBe(false)
  })

  it('X-Forwarded-Proto: https from a trusted proxy (TRUST_PROXY_HOPS=1): HSTS on pages and API, Secure cookies', async () => {
    const viaTls = { 'X-Forwarded-Proto': 'https' }
    for (const path of ['/', '/contact', '/api/boards', imageUrl]) {
      expect((await get(proxied, path, viaTls)).headers.get('strict-transport-security'), path).toMatch(
        /^max-age=\d{7,}/,
      )
    }
    expect(secure(await newPosterCookie(proxied, viaTls))).toBe(true)
    expect(secure(await newSessionCookie(proxied, viaTls))).toBe(true)
    // The proxy's own entry counts (the rightmost one), not one a client put in front of it.
    expect(secure(await newSessionCookie(proxied, { 'X-Forwarded-Proto': 'https, http' }))).toBe(false)
  })

  it('X-Forwarded-Proto: https without a trusted proxy changes nothing', async () => {
    const forged = { 'X-Forwarded-Proto': 'https' }
    expect((await get(direct, '/', forged)).headers.get('strict-transport-security')).toBeNull()
    expect((await get(direct, '/api/boards', forged)).headers.get('strict-transport-security')).toBeNull()
    expect(secure(await newPosterCookie(direct, forged))).toBe(false)
    expect(secure(await newSessionCookie(direct, forged))).toBe(false)
  })

  // The site's own origin for the same-origin checks of writes and socket handshakes follows the same rule.
  const socketOpens = (server: TestServer, headers: Record<string, string>) =>
    new Promise<boolean>((resolve) => {
      const s = connect(server.url, {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        extraHeaders: headers,
      })
      s.once('connect', () => {
        s.close()
        resolve(true)
      })
      s.once('connect_error', () => {
        s.close()
        resolve(false)
      })
    })
  const writeStatus = async (server: TestServer, headers: Record<string, string>) =>
    (
      await postForm(
        `${server.url}/api/boards/tech/threads/${thread.threadId}/posts`,
        form({ content: 'origin check' }),
        headers,
      )
    ).status

  it('behind a trusted TLS proxy the site origin is https://host: its pages may write and open sockets', async () => {
    const site = `https://${new URL(proxied.url).host}`
    expect(await socketOpens(proxied, { Origin: site, 'X-Forwarded-Proto': 'https' })).toBe(true)
    expect(await writeStatus(proxied, { Origin: site, 'X-Forwarded-Proto': 'https' })).toBe(201)
    expect(await socketOpens(proxied, { Origin: site })).toBe(false)
    expect(await writeStatus(proxied, { Origin: site })).toBe(403)
  })

  it('without a trusted proxy a client-sent X-Forwarded-Proto does not change the site origin', async () => {
    const host = new URL(direct.url).host
    const directThread = await postForm(
      `${direct.url}/api/boards/tech/threads`,
      form({ topic: 'Origin', content: 'op' }, { name: 'a.png', bytes: await png() }),
    )
    const post = (headers: Record<string, string>) =>
      postForm(
        `${direct.url}/api/boards/tech/threads/${directThread.body.threadId}/posts`,
        form({ content: 'x' }),
        headers,
      )
    expect((await post({ Origin: `https://${host}`, 'X-Forwarded-Proto': 'https' })).status).toBe(403)
    expect((await post({ Origin: `http://${host}`, 'X-Forwarded-Proto': 'https' })).status).toBe(201)
    expect(await socketOpens(direct, { Origin: `https://${host}`, 'X-Forwarded-Proto': 'https' })).toBe(false)
  })

  it('robots.txt names the sitemap with the scheme the visitor used (trusted proxies only)', async () => {
    const host = new URL(proxied.url).host
    expect((await get(proxied, '/robots.txt', { 'X-Forwarded-Proto': 'https' })).text).toContain(
      `Sitemap: https://${host}/sitemap.xml`,
    )
    expect((await get(proxied, '/robots.txt')).text).toContain(`Sitemap: http://${host}/sitemap.xml`)
    expect((await get(direct, '/robots.txt', { 'X-Forwarded-Proto': 'https' })).text).toContain(
      `Sitemap: http://${new URL(direct.url).host}/sitemap.xml`,
    )
  })

  it('PUBLIC_ORIGIN https: HSTS and Secure cookies on every answer', async () => {
    for (const path of ['/', '/contact', '/api/boards']) {
      expect((await get(https, path)).headers.get('strict-transport-security'), path).toMatch(/^max-age=\d{7,}/)
    }
    expect(secure(await newPosterCookie(https, {}))).toBe(true)
    expect(secure(await newSessionCookie(https, {}))).toBe(true)
  })
})
