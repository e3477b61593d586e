// Visitor reports and the staff report queue through the real server: filing (one per post and address), the
// refusals that change nothing, the queue's grouping, order and scope, dismissal, deleted posts leaving by
// themselves, and the staff room of the realtime channel. Visitors are told apart by address: the server trusts
// one proxy hop and each visitor sends its own X-Forwarded-For.
import { io as connect } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { roomyRateLimits, startServer, type TestServer } from '../helpers/server'
import type { Client } from '../helpers/sockets'
import { sql } from '../helpers/sql'
import { createStaff, StaffClient } from '../helpers/staff'

const REPORT_LIMIT = 4
let server: TestServer
let n = 0
/** A client address no other request used. */
const freshIp = () => `198.18.${Math.floor(n / 250)}.${(n++ % 250) + 1}`
const staff = {} as Record<'admin' | 'janitor' | 'techJanitor' | 'gone', StaffClient>

beforeAll(async () => {
  const limits = JSON.parse(roomyRateLimits('staffWrite'))
  server = await startServer({
    env: {
      TRUST_PROXY_HOPS: '1',
      RATE_LIMITS: JSON.stringify({ ...limits, report: { points: REPORT_LIMIT, duration: 3600 } }),
    },
  })
  const accounts: [keyof typeof staff, 'admin' | 'janitor', string[]][] = [
    ['admin', 'admin', []],
    ['janitor', 'janitor', []],
    ['techJanitor', 'janitor', ['tech']],
    ['gone', 'janitor', []],
  ]
  for (const [name, role, boards] of accounts) {
    const u = await createStaff(server.database, { username: `r${name}`, role, boards })
    staff[name] = new StaffClient(server.url)
    expect((await staff[name].login(u.username, u.password)).status).toBe(200)
  }
  await sql(server.database, 'UPDATE staff_users SET is_active = ? WHERE username = ?', false, 'rgone')
})
afterAll(async () => {
  await server?.stop()
})

async function send(method: string, path: string, body?: unknown, ip = freshIp(), raw?: string) {
  const res = await fetch(server.url + path, {
    method,
    headers: { 'Content-Type': 'application/json', ...as(ip) },
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  })
  return { status: res.status, body: await res.json() }
}

const reportPath = (board: string, postId: number | string) => `/api/boards/${board}/posts/${postId}/reports`
const report = (board: string, postId: number, body: unknown, ip = freshIp()) =>
  send('POST', reportPath(board, postId), body, ip)

/** A new thread (its opening post has an image) with one reply on `board`; the reply is the usual target. */
async function thread(board: string) {
  const res = await postForm(
    `${server.url}/api/boards/${board}/threads`,
    form({ topic: 'Reported', content: 'opening post' }, { name: 'a.png', bytes: await png() }),
    as(freshIp()),
  )
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  const t = res.body as { threadId: number; postId: number }
  const replied = await postForm(
    `${server.url}/api/boards/${board}/threads/${t.threadId}/posts`,
    form({ content: `reply on ${board}` }),
    as(freshIp()),
  )
  expect(replied.status, JSON.stringify(replied.body)).toBe(201)
  const reply = replied.body as { postId: number }
  return { threadId: t.threadId, opId: t.postId, postId: reply.postId }
}

const storedReports = async (postId: number) =>
  sql<{ category: string; reason: string | null; reporter_ip: string; dismissed_at: unknown }>(
    server.database,
    'SELECT category, reason, reporter_ip, dismissed_at FROM reports WHERE post_id = ? ORDER BY id',
    postId,
  )

type QueueEntry = {
  postId: number
  boardId: string
  threadId: number
  count: number
  categories: Record<string, number>
  reasons: string[]
  reporterIps?: string[]
  post: { id: number; content: string; thumbnail_url: string | null; thread_topic: string }
}
const queue = async (client: StaffClient, query = '') => {
  const res = await client.request('GET', `/api/admin/reports${query}`)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.reports as QueueEntry[]
}
const entryOf = async (client: StaffClient, postId: number) => (await queue(client)).find((r) => r.postId === postId)

describe('POST /api/boards/{boardId}/posts/{postId}/reports', () => {
  it('stores a report and answers 201; the same address again answers 200 and changes nothing', async () => {
    const t = await thread('diy')
    const ip = freshIp()
    expect(await report('diy', t.postId, { category: 'spam', reason: '  buy cheap watches  ' }, ip)).toEqual({
      status: 201,
      body: { message: 'Report received' },
    })
    expect(await report('diy', t.postId, { category: 'illegal', reason: 'again' }, ip)).toEqual({
      status: 200,
      body: { message: 'Report received' },
    })
    expect(await storedReports(t.postId)).toMatchObject([
      { category: 'spam', reason: 'buy cheap watches', reporter_ip: ip, dismissed_at: null },
    ])
    // Another address counts.
    expect((await report('diy', t.postId, { category: 'rules' })).status).toBe(201)
    expect(await storedReports(t.postId)).toHaveLength(2)
  })

  it('takes a reason of exactly 200 characters, or none', async () => {
    const t = await thread('diy')
    expect((await report('diy', t.postId, { category: 'rules', reason: 'é'.repeat(200) })).status).toBe(201)
    expect((await report('diy', t.postId, { category: 'rules' })).status).toBe(201)
    expect((await report('diy', t.postId, { category: 'rules', reason: '   ' })).status).toBe(201)
    expect((await storedReports(t.postId)).map((r) => r.reason)).toEqual(['é'.repeat(200), null, null])
  })

  it('refuses bad input with a clear 4xx and stores nothing', async () => {
    const t = await thread('diy')
    const cases: [unknown, number, object][] = [
      [
        { category: 'boring' },
        400,
        {
          error: 'Validation failed',
          details: [{ field: 'category', message: 'Category must be one of: illegal, rules, spam' }],
        },
      ],
      [{}, 400, { error: 'Validation failed', details: [{ field: 'category' }] }],
      [
        { category: 'spam', reason: 'x'.repeat(10 * 1024) },
        400,
        {
          error: 'Validation failed',
          details: [{ field: 'reason', message: 'Reason must be 200 characters or less' }],
        },
      ],
      [{ category: 'spam', reason: 'x'.repeat(201) }, 400, { details: [{ field: 'reason' }] }],
    ]
    for (const [body, status, error] of cases) {
      const res = await report('diy', t.postId, body)
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status)
      expect(res.body).toMatchObject(error)
    }
    const malformed = await send('POST', reportPath('diy', t.postId), undefined, freshIp(), '{"category": "spam"')
    expect(malformed).toEqual({
      status: 400,
      body: { error: 'Validation failed', details: [{ field: 'body', message: 'Malformed JSON' }] },
    })
    expect(await storedReports(t.postId)).toEqual([])
  })

  it('answers 404 for an unknown post, a post of another board, a malformed id and an unknown board', async () => {
    const t = await thread('diy')
    const body = { category: 'spam' }
    expect(await report('diy', 2147483000, body)).toEqual({ status: 404, body: { error: 'Post not found' } })
    expect(await report('tech', t.postId, body)).toEqual({ status: 404, body: { error: 'Post not found' } })
    expect(await send('POST', reportPath('diy', '0x1'), body)).toEqual({
      status: 404,
      body: { error: 'Post not found' },
    })
    expect(await send('POST', reportPath('nosuch', t.postId), body)).toEqual({
      status: 404,
      body: { error: 'Board not found' },
    })
    expect(await storedReports(t.postId)).toEqual([])
    expect((await send('GET', reportPath('diy', t.postId))).status).toBe(405)
  })

  it('limits reports per address', async () => {
    const ip = freshIp()
    const t = await thread('food')
    const targets = [t.opId, t.postId, ...(await Promise.all([thread('food'), thread('food')])).map((x) => x.postId)]
    for (const postId of targets) expect((await report('food', postId, { category: 'spam' }, ip)).status).toBe(201)
    const refused = await report('food', (await thread('food')).postId, { category: 'spam' }, ip)
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ error: 'Rate limited' })
    expect(targets).toHaveLength(REPORT_LIMIT)
  })

  it('gives a banned visitor the ban answer and stores nothing', async () => {
    const ip = freshIp()
    const t = await thread('diy')
    const ban = await staff.admin.write('POST', '/api/admin/bans', {
      ip_address: ip,
      board_id: 'diy',
      reason: 'reporting spam',
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    })
    expect(ban.status).toBe(201)
    const res = await report('diy', t.postId, { category: 'spam' }, ip)
    expect(res.status).toBe(403)
    expect(res.body).toMatchObject({ error: 'Banned', ban: { reason: 'reporting spam' } })
    expect(await storedReports(t.postId)).toEqual([])
  })
})

describe('GET /api/admin/reports', () => {
  it('groups open reports by post: illegal first, then the most reported', async () => {
    const once = await thread('science')
    const thrice = await thread('science')
    const illegal = await thread('science')
    await report('science', once.postId, { category: 'rules', reason: 'off topic' })
    for (const category of ['spam', 'spam', 'rules']) await report('science', thrice.postId, { category })
    await report('science', illegal.postId, { category: 'illegal', reason: 'see for yourself' })
    await report('science', once.opId, { category: 'spam' })
    await report('science', once.opId, { category: 'spam' })

    const mine = (await queue(staff.janitor, '?board=science')).filter((r) =>
      [once.postId, once.opId, thrice.postId, illegal.postId].includes(r.postId),
    )
    expect(mine.map((r) => r.postId)).toEqual([illegal.postId, thrice.postId, once.opId, once.postId])
    expect(mine[1]).toMatchObject({
      boardId: 'science',
      threadId: thrice.threadId,
      count: 3,
      categories: { spam: 2, rules: 1 },
      reasons: [],
      post: { id: thrice.postId, content: 'reply on science', thread_topic: 'Reported' },
    })
    expect(mine[0].reasons).toEqual(['see for yourself'])
    const op = mine[2]
    expect(op.post.thumbnail_url).toMatch(/^\/media\//)
    // Reporter addresses are for admins only.
    expect(mine[0]).not.toHaveProperty('reporterIps')
    const forAdmin = await entryOf(staff.admin, illegal.postId)
    expect(forAdmin?.reporterIps).toEqual([expect.stringMatching(/^198\.18\./)])
  })

  it('filters by board and category, and keeps staff to their boards', async () => {
    const tech = await thread('tech')
    const diy = await thread('diy')
    await report('tech', tech.postId, { category: 'rules' })
    await report('diy', diy.postId, { category: 'spam' })
    const ids = (list: QueueEntry[]) => list.map((r) => r.postId)

    expect(ids(await queue(staff.janitor))).toEqual(expect.arrayContaining([tech.postId, diy.postId]))
    expect(ids(await queue(staff.janitor, '?board=tech'))).toContain(tech.postId)
    expect(ids(await queue(staff.janitor, '?board=tech'))).not.toContain(diy.postId)
    expect(ids(await queue(staff.janitor, '?category=spam'))).toContain(diy.postId)
    expect(ids(await queue(staff.janitor, '?category=spam'))).not.toContain(tech.postId)
    expect(ids(await queue(staff.janitor, '?board=&category='))).toContain(tech.postId)

    const scoped = await queue(staff.techJanitor)
    expect(ids(scoped)).toContain(tech.postId)
    expect(scoped.every((r) => r.boardId === 'tech')).toBe(true)
    expect(await staff.techJanitor.request('GET', '/api/admin/reports?board=diy')).toMatchObject({
      status: 403,
      body: { error: 'Not authorized to moderate this board' },
    })
    expect((await staff.techJanitor.request('GET', '/api/admin/reports/counts')).body.counts).not.toHaveProperty('diy')
  })

  it('answers 400 for an unknown category or a malformed board, 401 without a valid session', async () => {
    expect(await staff.janitor.request('GET', '/api/admin/reports?category=boring')).toMatchObject({
      status: 400,
      body: { error: 'Validation failed', details: [{ field: 'category' }] },
    })
    expect(await staff.janitor.request('GET', '/api/admin/reports?board=NOT%20A%20BOARD')).toMatchObject({
      status: 400,
      body: { details: [{ field: 'board' }] },
    })
    expect(await new StaffClient(server.url).request('GET', '/api/admin/reports')).toMatchObject({
      status: 401,
      body: { error: 'Login required' },
    })
    expect(await staff.gone.request('GET', '/api/admin/reports')).toMatchObject({ status: 401 })
    expect(await staff.gone.request('GET', '/api/admin/reports/counts')).toMatchObject({ status: 401 })
  })

  it('drops a deleted post by itself', async () => {
    const t = await thread('diy')
    await report('diy', t.postId, { category: 'spam' })
    expect(await entryOf(staff.janitor, t.postId)).toBeDefined()
    const del = await staff.janitor.write('DELETE', `/api/admin/posts/${t.postId}`, {
      boardId: 'diy',
      threadId: t.threadId,
      reason: 'spam',
    })
    expect(del.status).toBe(200)
    expect(await entryOf(staff.janitor, t.postId)).toBeUndefined()
    expect(await storedReports(t.postId)).toEqual([])
  })
})

describe('POST /api/admin/reports/{postId}/dismiss', () => {
  it('takes the post out of the queue and logs the dismissal', async () => {
    const t = await thread('diy')
    const first = freshIp()
    await report('diy', t.postId, { category: 'spam' }, first)
    await report('diy', t.postId, { category: 'rules' })
    const res = await staff.janitor.write('POST', `/api/admin/reports/${t.postId}/dismiss`)
    expect(res).toMatchObject({ status: 200, body: { message: 'Reports dismissed', dismissed: 2 } })
    expect(await entryOf(staff.janitor, t.postId)).toBeUndefined()

    const log = await staff.janitor.request(
      'GET',
      `/api/admin/actions?action_type=reports_dismissed&post_id=${t.postId}`,
    )
    expect(log.body.actions).toHaveLength(1)
    expect(log.body.actions[0]).toMatchObject({
      action_type: 'reports_dismissed',
      board_id: 'diy',
      thread_id: t.threadId,
      post_id: t.postId,
      admin_username: 'rjanitor',
      details: { count: 2, categories: { spam: 1, rules: 1 } },
    })
    const stats = await staff.admin.request('GET', '/api/admin/actions/stats')
    expect(JSON.stringify(stats.body)).toContain('reports_dismissed')

    // Dismissing again changes nothing and logs nothing.
    expect((await staff.janitor.write('POST', `/api/admin/reports/${t.postId}/dismiss`)).body.dismissed).toBe(0)
    // The same reporter cannot bring it back; a new one can.
    expect((await report('diy', t.postId, { category: 'spam' }, first)).status).toBe(200)
    expect(await entryOf(staff.janitor, t.postId)).toBeUndefined()
    expect((await report('diy', t.postId, { category: 'illegal' })).status).toBe(201)
    expect(await entryOf(staff.janitor, t.postId)).toMatchObject({ count: 1, categories: { illegal: 1 } })
    const again = await staff.janitor.request(
      'GET',
      `/api/admin/actions?action_type=reports_dismissed&post_id=${t.postId}`,
    )
    expect(again.body.actions).toHaveLength(1)
  })

  it('refuses other boards, unknown posts, a missing CSRF token and deactivated staff, changing nothing', async () => {
    const t = await thread('diy')
    await report('diy', t.postId, { category: 'spam' })
    const path = `/api/admin/reports/${t.postId}/dismiss`
    expect(await staff.techJanitor.write('POST', path)).toMatchObject({
      status: 403,
      body: { error: 'Not authorized to moderate this board' },
    })
    expect(await staff.janitor.request('POST', path)).toMatchObject({
      status: 403,
      body: { error: 'Invalid CSRF token' },
    })
    expect(await staff.gone.write('POST', path)).toMatchObject({ status: 401, body: { error: 'Login required' } })
    expect(await staff.janitor.write('POST', '/api/admin/reports/2147483000/dismiss')).toMatchObject({
      status: 404,
      body: { error: 'Post not found' },
    })
    expect(await staff.janitor.write('POST', '/api/admin/reports/abc/dismiss')).toMatchObject({ status: 404 })
    expect(await entryOf(staff.janitor, t.postId)).toMatchObject({ count: 1 })
  })
})

describe('the staff room', () => {
  const opened: Client[] = []
  afterEach(() => {
    for (const s of opened.splice(0)) s.close()
  })

  async function socket(cookie?: string): Promise<Client> {
    const s: Client = connect(server.url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: cookie ? { Cookie: cookie } : {},
    })
    opened.push(s)
    await new Promise((resolve, reject) => {
      s.once('connect', () => resolve(undefined))
      s.once('connect_error', reject)
    })
    return s
  }
  const joinStaff = (s: Client) =>
    new Promise<{ ok: boolean; counts?: Record<string, number>; error?: string }>((resolve) =>
      s.emit('join_staff', resolve),
    )
  const nextCount = (s: Client, boardId: string) =>
    new Promise<number>((resolve) => {
      const on = (p: { boardId: string; open: number }) => {
        if (p.boardId !== boardId) return
        s.off('report_count', on)
        resolve(p.open)
      }
      s.on('report_count', on)
    })

  it('refuses sockets without a valid staff session', async () => {
    expect(await joinStaff(await socket())).toEqual({ ok: false, error: 'Login required' })
    expect(await joinStaff(await socket('cb_session=Fe26.2*forged*seal'))).toEqual({
      ok: false,
      error: 'Login required',
    })
    expect(await joinStaff(await socket(staff.gone.cookie))).toEqual({ ok: false, error: 'Login required' })
    // A board or thread room name cannot reach the staff rooms either.
    const anonymous = await socket()
    const ack = await new Promise((resolve) => anonymous.emit('join_board', 'staff:*', resolve))
    expect(ack).toEqual({ ok: false, error: 'Unknown room' })

    // Counts reach the staff socket, never the anonymous one.
    const heard: unknown[] = []
    anonymous.on('report_count', (p) => heard.push(p))
    const watcher = await socket(staff.janitor.cookie)
    expect((await joinStaff(watcher)).ok).toBe(true)
    const t = await thread('gaming')
    const counted = nextCount(watcher, 'gaming')
    await report('gaming', t.postId, { category: 'spam' })
    await counted
    // A round trip on the anonymous socket: anything sent to it before would have arrived first.
    await new Promise((resolve) => anonymous.emit('join_board', 'gaming', resolve))
    expect(heard).toEqual([])
  })

  it('tells staff the counts of their boards as reports arrive, are dismissed and leave with their post', async () => {
    const t = await thread('sports')
    const other = await thread('tech')
    const watcher = await socket(staff.janitor.cookie)
    const joined = await joinStaff(watcher)
    expect(joined.ok).toBe(true)
    const start = joined.counts?.sports ?? 0
    const scoped = await socket(staff.techJanitor.cookie)
    const scopedJoin = await joinStaff(scoped)
    expect(scopedJoin.ok).toBe(true)
    expect(Object.keys(scopedJoin.counts ?? {}).every((b) => b === 'tech')).toBe(true)
    const scopedHeard: string[] = []
    scoped.on('report_count', (p) => scopedHeard.push(p.boardId))

    let next = nextCount(watcher, 'sports')
    await report('sports', t.postId, { category: 'spam' })
    expect(await next).toBe(start + 1)
    next = nextCount(watcher, 'sports')
    await report('sports', t.opId, { category: 'rules' })
    expect(await next).toBe(start + 2)

    next = nextCount(watcher, 'sports')
    await staff.janitor.write('POST', `/api/admin/reports/${t.postId}/dismiss`)
    expect(await next).toBe(start + 1)

    next = nextCount(watcher, 'sports')
    await staff.janitor.write('DELETE', `/api/admin/posts/${t.opId}`, {
      boardId: 'sports',
      threadId: t.threadId,
      reason: 'rules',
    })
    expect(await next).toBe(start)

    // The scoped janitor hears about its board only.
    const techCount = nextCount(scoped, 'tech')
    await report('tech', other.postId, { category: 'spam' })
    expect(await techCount).toBeGreaterThan(0)
    expect(scopedHeard.filter((b) => b !== 'tech')).toEqual([])
  })
})
