// The time series of GET /api/admin/actions/stats (extra field byDay, for /admin/stats): counts per UTC day and
// action type, zero-filled over the range, within the caller's board scope; the documented fields are unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { startServer, type TestServer, roomyRateLimits } from '../helpers/server'
import { sql } from '../helpers/sql'
import { createStaff, StaffClient } from '../helpers/staff'

let server: TestServer
let admin: StaffClient
let techModerator: StaffClient
let janitor: StaffClient
let adminId = 0

/** Moderation log rows at chosen times, as the API cannot backdate actions. */
const HISTORY: [string, string, string | null][] = [
  ['2025-03-01T00:00:00.000Z', 'post_deleted', 'tech'],
  ['2025-03-01T12:30:00.000Z', 'post_deleted', 'tech'],
  ['2025-03-01T23:59:59.999Z', 'banned', 'diy'],
  ['2025-03-03T00:00:00.000Z', 'banned', 'tech'],
  ['2025-03-03T08:00:00.000Z', 'rangeban_created', null],
  ['2025-03-05T18:00:00.000Z', 'post_deleted', 'diy'],
  ['2025-03-05T19:00:00.000Z', 'post_deleted', 'diy'],
  ['2025-03-05T20:00:00.000Z', 'post_deleted', 'tech'],
  ['2025-03-09T10:00:00.000Z', 'banned', 'tech'], // outside the range asked for below
]
const RANGE = 'start_date=2025-03-01T00:00:00.000Z&end_date=2025-03-06T23:59:59.999Z'
const DAYS = ['2025-03-01', '2025-03-02', '2025-03-03', '2025-03-04', '2025-03-05', '2025-03-06']

beforeAll(async () => {
  server = await startServer({
    env: {
      TRUST_PROXY_HOPS: '1',
      RATE_LIMITS: roomyRateLimits('staffWrite'),
    },
  })
  const login = async (username: string, role: 'janitor' | 'moderator' | 'admin', boards: string[] = []) => {
    const u = await createStaff(server.database, { username, role, boards })
    const c = new StaffClient(server.url, as('10.3.3.3'))
    expect((await c.login(u.username, u.password)).status).toBe(200)
    return { client: c, id: u.id }
  }
  const a = await login('statsadmin', 'admin')
  admin = a.client
  adminId = a.id
  techModerator = (await login('techmod', 'moderator', ['tech'])).client
  janitor = (await login('statsjanitor', 'janitor')).client
  for (const [at, type, board] of HISTORY) {
    await sql(
      server.database,
      'INSERT INTO moderation_actions (action_type, board_id, admin_user_id, admin_username, created_at) VALUES (?, ?, ?, ?, ?)',
      type,
      board,
      adminId,
      'statsadmin',
      at,
    )
  }
})
afterAll(async () => {
  await server?.stop()
})

/** The series as {day: {type: count}}, checking it is complete: every listed type on every day, in order. */
function byDayTable(byDay: { day: string; action_type: string; count: number }[]) {
  const table: Record<string, Record<string, number>> = {}
  for (const e of byDay) (table[e.day] ??= {})[e.action_type] = e.count
  const types = Object.keys(table[byDay[0].day]).sort()
  expect(byDay).toEqual(
    Object.keys(table).flatMap((day) =>
      types.map((action_type) => ({ day, action_type, count: table[day][action_type] })),
    ),
  )
  return table
}

describe('byDay', () => {
  it('counts each UTC day of the range, zero-filled, and keeps the documented fields as they are', async () => {
    const res = await admin.request('GET', `/api/admin/actions/stats?${RANGE}`)
    expect(res.status).toBe(200)
    const { byDay, ...contract } = res.body.stats
    expect(contract).toEqual({
      total: 8,
      byActionType: [
        { action_type: 'post_deleted', count: 5 },
        { action_type: 'banned', count: 2 },
        { action_type: 'rangeban_created', count: 1 },
      ],
      byAdmin: [{ admin_user_id: adminId, username: 'statsadmin', count: 8 }],
      byBoard: [
        { board_id: 'tech', count: 4 },
        { board_id: 'diy', count: 3 },
      ],
    })
    const table = byDayTable(byDay)
    expect(Object.keys(table)).toEqual(DAYS)
    expect(table).toEqual({
      '2025-03-01': { banned: 1, post_deleted: 2, rangeban_created: 0 },
      '2025-03-02': { banned: 0, post_deleted: 0, rangeban_created: 0 },
      '2025-03-03': { banned: 1, post_deleted: 0, rangeban_created: 1 },
      '2025-03-04': { banned: 0, post_deleted: 0, rangeban_created: 0 },
      '2025-03-05': { banned: 0, post_deleted: 3, rangeban_created: 0 },
      '2025-03-06': { banned: 0, post_deleted: 0, rangeban_created: 0 },
    })
    // The series adds up to the total.
    expect(byDay.reduce((n: number, e: { count: number }) => n + e.count, 0)).toBe(contract.total)
  })

  it('follows the board filter and the board scope of moderators', async () => {
    const diy = byDayTable(
      (await admin.request('GET', `/api/admin/actions/stats?${RANGE}&board_id=diy`)).body.stats.byDay,
    )
    expect(diy['2025-03-01']).toEqual({ banned: 1, post_deleted: 0 })
    expect(diy['2025-03-05']).toEqual({ banned: 0, post_deleted: 2 })

    // A moderator of /tech/ sees /tech/ and global rows only, in the totals and in the series alike.
    const scoped = (await techModerator.request('GET', `/api/admin/actions/stats?${RANGE}`)).body.stats
    expect(scoped.total).toBe(5)
    const table = byDayTable(scoped.byDay)
    expect(table['2025-03-01']).toEqual({ banned: 0, post_deleted: 2, rangeban_created: 0 })
    expect(table['2025-03-03']).toEqual({ banned: 1, post_deleted: 0, rangeban_created: 1 })
    expect(table['2025-03-05']).toEqual({ banned: 0, post_deleted: 1, rangeban_created: 0 })
    const other = (await techModerator.request('GET', `/api/admin/actions/stats?${RANGE}&board_id=diy`)).body.stats
    expect(other).toMatchObject({ total: 0, byDay: [] })
  })

  it('without a start begins on the first action day and runs to the end; janitors are refused', async () => {
    const byDay = (await admin.request('GET', '/api/admin/actions/stats?end_date=2025-03-10T12:00:00.000Z')).body.stats
      .byDay
    const table = byDayTable(byDay)
    expect(Object.keys(table)).toEqual([...DAYS, '2025-03-07', '2025-03-08', '2025-03-09', '2025-03-10'])
    expect(table['2025-03-09'].banned).toBe(1)
    expect(
      (
        await admin.request(
          'GET',
          '/api/admin/actions/stats?start_date=2024-01-01T00:00:00.000Z&end_date=2024-01-31T00:00:00.000Z',
        )
      ).body.stats.byDay,
    ).toEqual([])
    expect(await janitor.request('GET', `/api/admin/actions/stats?${RANGE}`)).toMatchObject({
      status: 403,
      body: { error: 'Not authorized to view statistics' },
    })
  })

  it("counts today's actions written by the API", async () => {
    const t = (
      await postForm(
        `${server.url}/api/boards/tech/threads`,
        form({ topic: 't', content: 'c' }, { name: 'a.png', bytes: await png() }),
        as('192.0.2.77'),
      )
    ).body
    const r = (
      await postForm(
        `${server.url}/api/boards/tech/threads/${t.threadId}/posts`,
        form({ content: 'spam' }),
        as('192.0.2.77'),
      )
    ).body
    expect(
      (
        await admin.write('DELETE', `/api/admin/posts/${r.postId}`, {
          boardId: 'tech',
          threadId: t.threadId,
          reason: 'spam',
        })
      ).status,
    ).toBe(200)
    // From an hour ago: one or two days, depending on the time of day; the deletion is counted once.
    const since = new Date(Date.now() - 3_600_000).toISOString()
    const byDay: { day: string; action_type: string; count: number }[] = (
      await admin.request('GET', `/api/admin/actions/stats?start_date=${since}`)
    ).body.stats.byDay
    expect(byDay.every((e) => e.action_type === 'post_deleted')).toBe(true)
    expect(byDay.reduce((n, e) => n + e.count, 0)).toBe(1)
    expect(byDay.at(-1)!.day).toBe(new Date().toISOString().slice(0, 10))
  })
})
