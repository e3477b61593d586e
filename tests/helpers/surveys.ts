// The server and helpers shared by the poll tests (tests/integration/surveys-*.test.ts): voters are told apart by
// address, so the server trusts one proxy hop and each voter sends its own X-Forwarded-For; poll owners by the
// poster cookie their thread set.
import { afterAll, beforeAll, expect } from 'vitest'
import { form, postForm } from './http'
import { png } from './media'
import { roomyRateLimits, startServer, type TestServer } from './server'

let current: TestServer

/** Starts the server before the file's tests and stops it after them; the function returns it. */
export function withSurveysServer(): () => TestServer {
  beforeAll(async () => {
    current = await startServer({
      env: {
        TRUST_PROXY_HOPS: '1',
        RATE_LIMITS: roomyRateLimits('surveyCreate', 'vote'),
      },
    })
  })
  afterAll(async () => {
    await current?.stop()
  })
  return () => current
}

export const api = (p: string) => `${current.url}/api/boards/${p}`
export async function send(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, body: await res.json() }
}

/** A new thread on `board` with the poster cookie of its owner. */
export async function threadWithOwner(board = 'science') {
  const res = await postForm(
    api(`${board}/threads`),
    form({ topic: 'Poll', content: 'Vote!' }, { name: 'a.png', bytes: await png() }),
  )
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return { ...(res.body as { threadId: number; postId: number }), cookie: res.headers.get('set-cookie')!.split(';')[0] }
}

/** A poll asking 'Which editor?' attached by its owner to a new thread's opening post. */
export async function poll(type: 'single' | 'multiple', options = ['Vim', 'Emacs', 'Nano'], board = 'science') {
  const t = await threadWithOwner(board)
  const res = await send(
    'POST',
    api(`${board}/threads/${t.threadId}/posts/${t.postId}/survey`),
    { survey_type: type, question: 'Which editor?', options },
    { Cookie: t.cookie },
  )
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return { ...t, survey: res.body.survey as { id: number; options: { id: number }[] } }
}
