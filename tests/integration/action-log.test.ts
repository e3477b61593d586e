// The moderation log read back: filters, paging, statistics for moderators, IP history, scope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { startServer, type TestServer, roomyRateLimits } from '../helpers/server'
import { createStaff, StaffClient } from '../helpers/staff'

let server: TestServer
let admin: StaffClient
let janitor: StaffClient
let techJanitor: StaffClient
const IP = '198.51.100.200'
const V6 = '2001:db8:5::9'

beforeAll(async () => {
  server = await startServer({
    env: {
      TRUST_PROXY_HOPS: '1',
      RATE_LIMITS: roomyRateLimits('staffWrite'),
    },
  })
  const login = async (username: string, role: 'janitor' | 'admin', boards: string[] = []) => {
    const u = await createStaff(server.database, { username, role, boards })
    const c = new StaffClient(server.url, { 'X-Forwarded-For': '10.1.1.1' })
    await c.login(u.username, u.password)
    return c
  }
  admin = await login('chief', 'admin')
  janitor = await login('sweeper', 'janitor')
  techJanitor = await login('techsweeper', 'janitor', ['tech'])
  // History for one address: a deletion on /tech/, a deletion on /diy/ and a ban on /diy/.
  for (const board of ['tech', 'diy']) {
    const t = (
      await postForm(
        `${server.url}/api/boards/${board}/threads`,
        form({ topic: 't', content: 'c' }, { name: 'a.png', bytes: await png() }),
        as(IP),
      )
    ).body
    const r = (
      await postForm(
        `${server.url}/api/boards/${board}/threads/${t.threadId}/posts`,
        form({ content: `reply on ${board}` }),
        as(IP),
      )
    ).body
    await admin.write('DELETE', `/api/admin/posts/${r.postId}`, {
      boardId: board,
      threadId: t.threadId,
      reason: `cleanup ${board}`,
    })
  }
  await janitor.write('POST', '/api/admin/bans', {
    ip_address: IP,
    board_id: 'diy',
    reason: 'repeat',
    expires_at: new Date(Date.now() + 86_400_000).toISOString(),
  })
  await admin.write('POST', '/api/admin/bans', { ip_address: V6, board_id: null, reason: 'v6', expires_at: null })
})
afterAll(async () => {
  await server?.stop()
})

describe('GET /api/admin/actions', () => {
  it('lists newest first with filters and paging', async () => {
    const all = await janitor.request('GET', '/api/admin/actions')
    expect(all.status).toBe(200)
    expect(all.body).toMatchObject({ total: 4, limit: 50, offset: 0 })
    expect(all.body.actions.map((a: { action_type: string }) => a.action_type)).toEqual([
      'banned',
      'banned',
      'post_deleted',
      'post_deleted',
    ])
    expect(all.body.actions[2]).toMatchObject({
      board_id: 'diy',
      reason: 'cleanup diy',
      ip_address: IP,
      admin_username: 'chief',
      current_admin_username: 'chief',
      details: { content_preview: 'reply on diy', had_media: false },
      created_at: expect.stringMatching(/Z$/),
    })
    const deletions = await janitor.request('GET', '/api/admin/actions?action_type=post_deleted&board_id=tech')
    expect(deletions.body.actions).toHaveLength(1)
    expect(
      (await janitor.request('GET', '/api/admin/actions?action_type=banned,post_deleted&limit=1&offset=1')).body,
    ).toMatchObject({ total: 4, limit: 1, offset: 1 })
    expect(await janitor.request('GET', '/api/admin/actions?action_type=exploded')).toMatchObject({
      status: 400,
      body: { details: [{ field: 'action_type', message: 'Unknown action type: exploded' }] },
    })
    expect((await janitor.request('GET', '/api/admin/actions?limit=201')).status).toBe(400)
    expect(
      (await janitor.request('GET', '/api/admin/actions?start_date=2000-01-01T00:00:00Z&end_date=2000-12-31T00:00:00Z'))
        .body.total,
    ).toBe(0)
  })

  it('keeps a scoped janitor to their boards and global rows', async () => {
    const scoped = await techJanitor.request('GET', '/api/admin/actions')
    expect(scoped.body.actions.map((a: { board_id: string | null }) => a.board_id).sort()).toEqual(
      [null, 'tech'].sort(),
    )
  })
})

describe('/admin/actions (the page)', () => {
  it('shows the first page for a page number that is not a plain one (1e999 once answered 500)', async () => {
    for (const page of ['1e999', 'Infinity', '-1', 'junk']) {
      const res = await admin.request('GET', `/admin/actions?page=${page}`)
      expect(res.status, page).toBe(200)
      expect(res.body, page).toMatch(/Page (<!-- -->)?1(<!-- -->)? of/)
    }
  })
})

describe('GET /api/admin/actions/stats', () => {
  it('counts by type, staff member and board for moderators and admins only', async () => {
    expect(await janitor.request('GET', '/api/admin/actions/stats')).toMatchObject({
      status: 403,
      body: { error: 'Not authorized to view statistics' },
    })
    const { body } = await admin.request('GET', '/api/admin/actions/stats')
    expect(body.stats).toEqual({
      total: 4,
      byActionType: [
        { action_type: 'banned', count: 2 },
        { action_type: 'post_deleted', count: 2 },
      ],
      byAdmin: [
        { admin_user_id: expect.any(Number), username: 'chief', count: 3 },
        { admin_user_id: expect.any(Number), username: 'sweeper', count: 1 },
      ],
      byBoard: [
        { board_id: 'diy', count: 2 },
        { board_id: 'tech', count: 1 },
      ],
      // Extra field for the chart on /admin/stats (tests/integration/moderation-stats.test.ts).
      byDay: expect.any(Array),
    })
  })
})

describe('GET /api/admin/ip-history/{ip}', () => {
  it('summarises all actions for the address and filters the list', async () => {
    const { status, body } = await janitor.request('GET', `/api/admin/ip-history/${IP}?action_type=banned`)
    expect(status).toBe(200)
    expect(body.summary).toEqual({
      ip_address: IP,
      total_actions: 3,
      ban_count: 1,
      posts_deleted: 2,
      threads_deleted: 0,
      boards_affected: 2,
      unique_admins: 2,
      first_action: expect.stringMatching(/Z$/),
      last_action: expect.stringMatching(/Z$/),
      boards_list: ['diy', 'tech'],
    })
    expect(body.total).toBe(1)
    expect(body.actions[0]).toMatchObject({ action_type: 'banned', board_id: 'diy' })
  })

  it('takes URL-encoded IPv6, answers zero counts for unknown addresses and 400 for garbage', async () => {
    const v6 = await admin.request('GET', `/api/admin/ip-history/${encodeURIComponent(V6)}`)
    expect(v6.body.summary).toMatchObject({ ip_address: V6, total_actions: 1, ban_count: 1 })
    const none = await admin.request('GET', '/api/admin/ip-history/192.0.2.1')
    expect(none.body).toMatchObject({
      total: 0,
      actions: [],
      summary: { total_actions: 0, first_action: null, boards_list: [] },
    })
    expect((await admin.request('GET', '/api/admin/ip-history/not-an-ip')).status).toBe(400)
    expect((await new StaffClient(server.url).request('GET', `/api/admin/ip-history/${IP}`)).status).toBe(401)
  })
})
