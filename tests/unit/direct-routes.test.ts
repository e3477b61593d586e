// The router of the API routes server.ts answers without Next: which requests it takes, the path parameters it
// hands the handler (decoded as Next decodes them), and what it leaves to Next.
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { sessionSealOf } from '@/lib/auth/session-cookie'
import { directRouter } from '@/lib/http/direct-routes'
import { json } from '@/lib/http/error-response'
import { MULTIPART, route } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'

const replies = route({ body: MULTIPART }, async () => json({ reply: true }, 201))
const threads = route({ body: MULTIPART }, async () => json({ thread: true }, 201))
const router = directRouter([
  { method: 'POST', template: '/api/boards/[boardId]/threads', handler: threads },
  { method: 'POST', template: '/api/boards/[boardId]/threads/[threadId]/posts', handler: replies },
])

describe('directRouter', () => {
  it('matches each template with its parameters, whatever the query', () => {
    expect(router.match('POST', '/api/boards/tech/threads')).toEqual({ handler: threads, params: { boardId: 'tech' } })
    expect(router.match('POST', '/api/boards/tech/threads/12/posts?x=1')).toEqual({
      handler: replies,
      params: { boardId: 'tech', threadId: '12' },
    })
  })

  it('decodes parameters as Next does; the handler judges them', () => {
    expect(router.match('POST', '/api/boards/t%65ch/threads')?.params).toEqual({ boardId: 'tech' })
    expect(router.match('POST', '/api/boards/a%2Fb/threads')?.params).toEqual({ boardId: 'a/b' })
  })

  it('leaves other methods, other paths, empty segments and undecodable ones to Next', () => {
    for (const [method, url] of [
      ['GET', '/api/boards/tech/threads'],
      ['PUT', '/api/boards/tech/threads'],
      ['POST', '/api/boards/tech/threads/'],
      ['POST', '/api/boards//threads'],
      ['POST', '/api/boards/tech/threads/12/posts/'],
      ['POST', '/api/boards/tech/threads/12/posts/3'],
      ['POST', '/api/boards/tech'],
      ['POST', '/api/boards/%E0%A4%A/threads'],
      ['POST', '/api/boards/tech/thread/12/posts'],
      ['POST', '/api/boards/te#ch/threads'],
      [undefined, '/api/boards/tech/threads'],
    ] as const) {
      expect(router.match(method, url), `${method} ${url}`).toBeUndefined()
    }
  })

  it('refuses, at start-up, a handler that reads a JSON body (the Request it gets carries none)', () => {
    const withJson = route({ body: z.object({ a: z.string() }) }, async () => json({}))
    expect(() => directRouter([{ method: 'POST', template: '/api/x', handler: withJson }])).toThrow(/JSON body/)
  })

  it("refuses staff routes and handlers not built by route(): they need Next's request scope", () => {
    const staff = staffRoute({ role: 'admin', body: MULTIPART }, async () => json({}))
    expect(() => directRouter([{ method: 'POST', template: '/api/x', handler: staff }])).toThrow(/staff routes/)
    const bare = async () => json({})
    expect(() => directRouter([{ method: 'POST', template: '/api/x', handler: bare }])).toThrow(/route\(\)/)
  })

  it('reads the staff session as Next does: the last cb_session that decodes', () => {
    expect(sessionSealOf('a=1; cb_session=old; b=2; cb_session=new')).toBe('new')
    expect(sessionSealOf('cb_session=good; cb_session=%E0%A4%A')).toBe('good')
    expect(sessionSealOf('cb_poster=x')).toBeNull()
  })
})
