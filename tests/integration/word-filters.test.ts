// Word filters: admins keep rules (plain text or RE2 regular expressions) that reject, rewrite or ban posts on
// some or all boards. Bad rules are refused with a message per field and change nothing; a rule takes effect at
// the next post, in every process; a refused post stores nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { roomyRateLimits, startServer, type TestServer } from '../helpers/server'
import { createStaff, StaffClient } from '../helpers/staff'

let server: TestServer
let admin: StaffClient
let n = 0
/** A fresh client address per post, so one test's ban or rate limit never touches another. */
const nextIp = () => `198.51.100.${++n}`

beforeAll(async () => {
  server = await startServer({
    env: { TRUST_PROXY_HOPS: '1', RATE_LIMITS: roomyRateLimits('threadCreate', 'postCreate', 'staffWrite') },
  })
  const a = await createStaff(server.database, { username: 'filteradmin', role: 'admin' })
  admin = new StaffClient(server.url, as('10.9.9.9'))
  expect((await admin.login(a.username, a.password)).status).toBe(200)
})
afterAll(async () => {
  await server?.stop()
})

async function newThread(board: string, topic: string, content: string, ip = nextIp()) {
  return postForm(
    `${server.url}/api/boards/${board}/threads`,
    form({ topic, content }, { name: 'a.png', bytes: await png() }),
    as(ip),
  )
}
const reply = (board: string, threadId: number, content: string, ip = nextIp()) =>
  postForm(`${server.url}/api/boards/${board}/threads/${threadId}/posts`, form({ content }), as(ip))

async function addFilter(rule: Record<string, unknown>) {
  const res = await admin.write('POST', '/api/admin/filters', rule)
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.filter as { id: number }
}
const removeFilter = async (id: number) =>
  expect((await admin.write('DELETE', `/api/admin/filters/${id}`)).status).toBe(200)
const filterCount = async () => (await admin.request('GET', '/api/admin/filters')).body.filters.length as number

async function threadPosts(board: string, threadId: number) {
  const res = await fetch(`${server.url}/api/boards/${board}/threads/${threadId}/posts`)
  return ((await res.json()) as { posts: { id: number; content: string }[] }).posts
}

describe('managing filters', () => {
  it('refuses bad rules with a message per field and stores nothing', async () => {
    const before = await filterCount()
    const cases: [unknown, string][] = [
      [{ pattern: '(a)\\1', regex: true, action: 'reject' }, 'pattern'],
      [{ pattern: '(?=lookahead)', regex: true, action: 'reject' }, 'pattern'],
      [{ pattern: '([unbalanced', regex: true, action: 'reject' }, 'pattern'],
      [{ pattern: '', action: 'reject' }, 'pattern'],
      [{ pattern: 'x'.repeat(501), action: 'reject' }, 'pattern'],
      [{ pattern: 'spam', action: 'explode' }, 'action'],
      [{ pattern: 'spam', action: 'reject', where: 'title' }, 'where'],
      [{ pattern: 'spam', action: 'reject', boards: ['nosuchboard'] }, 'boards'],
      [{ pattern: 'spam', action: 'reject', boards: 'diy' }, 'boards'],
      [{ pattern: 'spam', action: 'reject', message: 'x'.repeat(10_000) }, 'message'],
      [{ pattern: 'spam', action: 'ban', banReason: 'spam' }, 'banDuration'],
      [{ pattern: 'spam', action: 'ban', banDuration: '2d', banReason: 'spam' }, 'banDuration'],
      [{ pattern: 'spam', action: 'ban', banDuration: '1d' }, 'banReason'],
      [{ pattern: 'spam', regex: 'yes', action: 'reject' }, 'regex'],
      [[1, 2, 3], 'pattern'],
    ]
    for (const [body, field] of cases) {
      const res = await admin.write('POST', '/api/admin/filters', body)
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field)
    }
    const notJson = await admin.request('POST', '/api/admin/filters', undefined, {
      'X-CSRF-Token': admin.csrf,
      'Content-Type': 'application/json',
    })
    expect(notJson.status).toBe(400)
    expect(await filterCount()).toBe(before)
  })

  it('answers 404 for unknown filters and logs every change in the action log', async () => {
    expect((await admin.write('DELETE', '/api/admin/filters/999999')).status).toBe(404)
    expect((await admin.write('PUT', '/api/admin/filters/999999', { pattern: 'x', action: 'reject' })).status).toBe(404)
    expect((await admin.write('DELETE', '/api/admin/filters/abc')).status).toBe(404)
    const f = await addFilter({ pattern: 'logged', action: 'reject' })
    expect(
      (await admin.write('PUT', `/api/admin/filters/${f.id}`, { pattern: 'logged2', action: 'reject' })).status,
    ).toBe(200)
    await removeFilter(f.id)
    const log = await admin.request('GET', '/api/admin/actions?limit=10')
    const types = log.body.actions.map((a: { action_type: string }) => a.action_type)
    expect(types).toEqual(expect.arrayContaining(['filter_created', 'filter_updated', 'filter_deleted']))
  })
})

describe('applying filters', () => {
  it('rejects a thread or reply with the rule message, case-insensitively, and stores nothing', async () => {
    const f = await addFilter({ pattern: 'Buy Pills', action: 'reject', message: 'No advertising here.' })
    const ok = await newThread('diy', 'fine topic', 'fine text')
    expect(ok.status).toBe(201)
    const threads = await fetch(`${server.url}/api/boards/diy/threads`).then((r) => r.json())

    const refused = await newThread('diy', 'hello', 'please BUY PILLS now')
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({ error: 'Post rejected', message: 'No advertising here.' })
    const r = await reply('diy', ok.body.threadId, 'buy pills!')
    expect(r.status).toBe(400)
    expect(r.body.message).toBe('No advertising here.')
    expect(await fetch(`${server.url}/api/boards/diy/threads`).then((x) => x.json())).toEqual(threads)
    expect((await threadPosts('diy', ok.body.threadId)).length).toBe(1)
    await removeFilter(f.id)
    expect((await reply('diy', ok.body.threadId, 'buy pills!')).status).toBe(201)
  })

  it('takes plain patterns literally and keeps to its boards and fields', async () => {
    const literal = await addFilter({ pattern: 'a.b', action: 'reject' })
    const topicOnly = await addFilter({ pattern: 'topicword', where: 'topic', action: 'reject' })
    const techOnly = await addFilter({ pattern: 'techword', boards: ['tech'], action: 'reject' })
    const t = await newThread('diy', 'axb techword', 'topicword in the text')
    expect(t.status, JSON.stringify(t.body)).toBe(201)
    expect((await reply('diy', t.body.threadId, 'a.b')).status).toBe(400)
    expect((await newThread('diy', 'a topicword', 'text')).status).toBe(400)
    expect((await newThread('tech', 'techword', 'text')).status).toBe(400)
    for (const f of [literal, topicOnly, techOnly]) await removeFilter(f.id)
  })

  it('runs regular expressions in linear time: a catastrophic pattern cannot hang posting', async () => {
    const f = await addFilter({ pattern: '(a+)+$', regex: true, action: 'reject', message: 'all a' })
    const t = await newThread('diy', 'regex', 'text')
    // A backtracking engine takes exponential time to find that this does not match; RE2 answers at once.
    const evil = 'a'.repeat(1900) + '!'
    expect((await reply('diy', t.body.threadId, evil)).status).toBe(201)
    expect((await reply('diy', t.body.threadId, 'aaaa')).status).toBe(400)
    await removeFilter(f.id)
  })

  it('replaces matches in topic and text, case-insensitively and literally', async () => {
    const f = await addFilter({ pattern: 'darn', action: 'replace', replacement: '$1 [filtered]' })
    const t = await newThread('diy', 'Darn topic', 'darn it, DARN it')
    expect(t.status).toBe(201)
    const posts = await threadPosts('diy', t.body.threadId)
    expect(posts[0].content).toBe('$1 [filtered] it, $1 [filtered] it')
    const page = await fetch(`${server.url}/api/boards/diy/threads/${t.body.threadId}`).then((r) => r.json())
    expect(JSON.stringify(page)).toContain('$1 [filtered] topic')
    await removeFilter(f.id)
  })

  it('bans the poster with the rule reason, logs the ban, and keeps refusing them', async () => {
    const f = await addFilter({
      pattern: 'casino\\s+bonus',
      regex: true,
      action: 'ban',
      banDuration: '1d',
      banReason: 'Spam bot',
    })
    const t = await newThread('diy', 'a thread', 'text')
    const ip = nextIp()
    const res = await reply('diy', t.body.threadId, 'best CASINO   bonus', ip)
    expect(res.status).toBe(403)
    expect(res.body.error).toBe('Banned')
    expect(res.body.ban.reason).toBe('Spam bot')
    expect(res.body.ban.board_id).toBeNull()
    const again = await reply('diy', t.body.threadId, 'an innocent reply', ip)
    expect(again.status).toBe(403)
    const bans = await admin.request('GET', '/api/admin/bans')
    expect(JSON.stringify(bans.body)).toContain('Spam bot')
    const log = await admin.request('GET', '/api/admin/actions?action_type=banned')
    expect(log.body.actions.some((a: { reason: string }) => a.reason === 'Spam bot')).toBe(true)
    expect((await threadPosts('diy', t.body.threadId)).length).toBe(1)

    // Staff are not banned by a filter: their post is refused instead.
    const staffPost = await postForm(
      `${server.url}/api/boards/diy/threads/${t.body.threadId}/posts`,
      form({ content: 'casino bonus' }),
      { ...as('10.9.9.9'), Cookie: admin.cookie },
    )
    expect(staffPost.status).toBe(400)
    expect(staffPost.body.error).toBe('Post rejected')
    await removeFilter(f.id)
  })
})
