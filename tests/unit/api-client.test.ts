// The browser's API client against a small stand-in API on an ephemeral port: the CSRF token is fetched once,
// a refused token is replaced once (never in a loop), refusals come back as ApiError with the server's body.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { publicPaths, staffPaths } from '@/lib/client/api/paths'
import { formErrors } from '@/lib/client/form-errors'
import { messageFor } from '@/lib/error-messages'

type Client = typeof import('@/lib/client/api')

interface Seen {
  method: string
  url: string
  token: string | undefined
  body: unknown
}

// The stand-in's state: the session's current token and what it was sent.
let sessionToken = 'token-1'
let tokensIssued = 0
let seen: Seen[] = []
let answer: (req: Seen, res: ServerResponse) => boolean = () => false

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  let raw = ''
  for await (const chunk of req) raw += chunk
  const request: Seen = {
    method: req.method!,
    url: req.url!,
    token: req.headers['x-csrf-token'] as string | undefined,
    body: raw ? JSON.parse(raw) : undefined,
  }
  if (request.url === '/api/admin/csrf-token') {
    tokensIssued++
    return send(res, 200, { csrfToken: sessionToken })
  }
  seen.push(request)
  if (answer(request, res)) return
  if (request.url.startsWith('/api/admin/') && request.method !== 'GET' && request.token !== sessionToken)
    return send(res, 403, { error: 'Invalid CSRF token' })
  send(res, 200, { message: 'ok' })
}

let server: Server
let base: string
const realFetch = globalThis.fetch

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

let client: Client
beforeEach(async () => {
  sessionToken = 'token-1'
  tokensIssued = 0
  seen = []
  answer = () => false
  // The browser resolves the client's relative addresses against the page; here, against the stand-in.
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => realFetch(new URL(input, base), init))
  vi.resetModules() // a fresh token cache for every test
  client = await import('@/lib/client/api')
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('CSRF token', () => {
  it('is fetched once for all staff writes, and never for reads or visitor calls', async () => {
    await client.staffApi.updateBan(1, { is_active: false, reason: 'r' })
    await client.staffApi.removeRangeBan(2)
    await client.staffApi.rangeBans()
    await client.publicApi.rescindVote('tech', 3)
    expect(tokensIssued).toBe(1)
    expect(seen.map((s) => [s.method, s.url, s.token])).toEqual([
      ['PUT', '/api/admin/bans/1', 'token-1'],
      ['DELETE', '/api/admin/rangebans/2', 'token-1'],
      ['GET', '/api/admin/rangebans', undefined],
      ['DELETE', '/api/boards/tech/surveys/3/vote', undefined],
    ])
    expect(seen[0].body).toEqual({ is_active: false, reason: 'r' })
  })

  it('is fetched again once when the server refuses it, and the call is sent once more', async () => {
    await client.staffApi.removeRangeBan(1)
    sessionToken = 'token-2' // the session was renewed elsewhere
    await expect(client.staffApi.removeRangeBan(2)).resolves.toEqual({ message: 'ok' })
    expect(tokensIssued).toBe(2)
    expect(seen.map((s) => s.token)).toEqual(['token-1', 'token-1', 'token-2'])
  })

  it('is not fetched in a loop: a second refusal is the answer', async () => {
    answer = (req, res) => {
      send(res, 403, { error: 'Invalid CSRF token' })
      return true
    }
    const err = await client.staffApi.removeRangeBan(7).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(client.ApiError)
    expect(err).toMatchObject({ status: 403, body: { error: 'Invalid CSRF token' } })
    expect(tokensIssued).toBe(2)
    expect(seen).toHaveLength(2)
  })

  it('is fetched once when several calls are refused together', async () => {
    await client.staffApi.removeRangeBan(1)
    sessionToken = 'token-2'
    await Promise.all([
      client.staffApi.removeRangeBan(2),
      client.staffApi.removeRangeBan(3),
      client.staffApi.removeRangeBan(4),
    ])
    expect(tokensIssued).toBe(2)
  })

  it('is not replaced for other refusals', async () => {
    answer = (req, res) => {
      send(res, 403, { error: 'Moderator privileges required' })
      return true
    }
    await expect(client.staffApi.updateBan(1, { is_active: false })).rejects.toMatchObject({
      status: 403,
      body: { error: 'Moderator privileges required' },
    })
    expect(tokensIssued).toBe(1)
    expect(seen).toHaveLength(1)
  })

  it('comes from the login answer afterwards', async () => {
    answer = (req, res) => {
      if (req.url !== '/api/admin/login') return false
      sessionToken = 'after-login'
      send(res, 200, {
        message: 'Authentication successful',
        user: { id: 1, username: 'a', email: 'a@b.c', role: 'admin', boards: [] },
        csrfToken: sessionToken,
      })
      return true
    }
    const token = await client.staffApi.loginToken()
    await client.staffApi.login({ username: 'a', password: 'p' }, token)
    await client.staffApi.removeRangeBan(1)
    expect(tokensIssued).toBe(1)
    expect(seen.map((s) => [s.url, s.token, s.body])).toEqual([
      ['/api/admin/login', 'token-1', { username: 'a', password: 'p', _csrf: 'token-1' }],
      ['/api/admin/rangebans/1', 'after-login', undefined],
    ])
  })
})

describe('errors', () => {
  it('carry the status and the server body, which the forms turn into messages', async () => {
    const details = [
      { field: 'name', message: 'Name is required' },
      { field: 'name', message: 'Name is too short' },
    ]
    answer = (req, res) => {
      send(res, 400, { error: 'Validation failed', details })
      return true
    }
    const err = await client.staffApi
      .createBoard({
        id: 'x',
        name: '',
        description: '',
        nsfw: false,
        thread_ids_enabled: false,
        country_flags_enabled: false,
      })
      .catch((e: unknown) => e)
    expect(err).toMatchObject({ status: 400, url: '/api/admin/boards', message: '/api/admin/boards: 400' })
    const body = client.errorBodyOf(err)
    expect(formErrors(body, 'fallback')).toEqual({
      error: 'Validation failed',
      fields: { name: 'Name is required Name is too short' },
    })
    expect(messageFor(body, 'fallback')).toBe('Name is required Name is too short')
  })

  it('have a null body when the answer is not JSON, and no body at all without an answer', async () => {
    answer = (req, res) => {
      res.writeHead(502).end('Bad gateway')
      return true
    }
    const err = await client.publicApi.statsOverview().catch((e: unknown) => e)
    expect(err).toMatchObject({ status: 502, body: null })
    expect(client.errorBodyOf(new TypeError('fetch failed'))).toBeNull()
  })
})

describe('URL builders', () => {
  it('encode every path segment', () => {
    expect(publicPaths.thread('a/b', 1)).toBe('/api/boards/a%2Fb/threads/1')
    expect(publicPaths.post('tech', 2, 3)).toBe('/api/boards/tech/threads/2/posts/3')
    expect(staffPaths.ipHistory('2001:db8::1')).toBe('/api/admin/ip-history/2001%3Adb8%3A%3A1')
    expect(staffPaths.ban(5)).toBe('/api/admin/bans/5')
  })

  it('build the query strings the screens always sent', () => {
    expect(publicPaths.threadPosts('tech', 2)).toBe('/api/boards/tech/threads/2/posts?includeSurveys=true')
    expect(publicPaths.threadPosts('tech', 2, 40)).toBe('/api/boards/tech/threads/2/posts?includeSurveys=true&after=40')
    expect(staffPaths.postIp(9, 'tech', 2)).toBe('/api/admin/posts/9/ip?boardId=tech&threadId=2')
    expect(publicPaths.hourlyStats(48)).toBe('/api/stats/hourly?hours=48')
  })
})
