// The staff report queue through the real server (tests/helpers/reports.ts): its grouping, order and scope,
// dismissal, deleted posts leaving by themselves, and the staff room of the realtime channel.
import { io as connect } from 'socket.io-client'
import { afterEach, describe, expect, it } from 'vitest'
import {
  entryOf,
  freshIp,
  queue,
  report,
  staff,
  storedReports,
  thread,
  withReportsServer,
  type QueueEntry,
} from '../helpers/reports'
import type { Client } from '../helpers/sockets'
import { StaffClient } from '../helpers/staff'

const server = withReportsServer()

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
    expect(await new StaffClient(server().url).request('GET', '/api/admin/reports')).toMatchObject({
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
    const s: Client = connect(server().url, {
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
