// Range bans: country by the offline GeoIP database, ASN by the offline ASN table, and
// CIDR ranges; admin-only management with normalised values; enforcement from the next request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { startServer, type TestServer, roomyRateLimits } from '../helpers/server'
import { createStaff, StaffClient } from '../helpers/staff'

let server: TestServer
let admin: StaffClient
const GERMAN = '2a02:2e0:3fe:1001:7777:772e:2:85' // GeoLite2: DE
const GOOGLE = '8.8.8.8' // ASN 15169

beforeAll(async () => {
  server = await startServer({
    env: {
      TRUST_PROXY_HOPS: '1',
      RATE_LIMITS: roomyRateLimits('staffWrite'),
    },
  })
  const u = await createStaff(server.database, { username: 'root', role: 'admin' })
  admin = new StaffClient(server.url, { 'X-Forwarded-For': '10.2.2.2' })
  await admin.login(u.username, u.password)
})
afterAll(async () => {
  await server?.stop()
})

const post = async (ip: string, board: string) =>
  postForm(
    `${server.url}/api/boards/${board}/threads`,
    form({ topic: 't', content: 'c' }, { name: 'a.png', bytes: await png() }),
    as(ip),
  )

describe('range bans', () => {
  it('are for admins only', async () => {
    const m = await createStaff(server.database, { username: 'moddy', role: 'moderator' })
    const c = new StaffClient(server.url)
    await c.login(m.username, m.password)
    expect(await c.request('GET', '/api/admin/rangebans')).toMatchObject({
      status: 403,
      body: { error: 'Admin privileges required' },
    })
  })

  it('ban a country on one board, by the GeoIP database', async () => {
    const res = await admin.write('POST', '/api/admin/rangebans', {
      ban_type: 'country',
      ban_value: 'de',
      board_id: 'politics',
      reason: 'raid',
      expires_at: null,
    })
    expect(res).toMatchObject({
      status: 201,
      body: {
        message: 'Rangeban created successfully',
        rangeban: {
          id: expect.any(Number),
          ban_type: 'country',
          ban_value: 'DE',
          country_name: 'Germany',
          board_id: 'politics',
          reason: 'raid',
          expires_at: null,
          is_active: true,
          admin_username: 'root',
        },
      },
    })
    const blocked = await post(GERMAN, 'politics')
    expect(blocked.status).toBe(403)
    expect(blocked.body).toEqual({
      error: 'Rangebanned',
      message: 'Your country (DE) is banned from this board permanently. Reason: raid',
      rangeban: {
        type: 'country',
        value: 'DE',
        country_name: 'Germany',
        reason: 'raid',
        expires_at: null,
        board_id: 'politics',
      },
    })
    expect((await fetch(`${server.url}/api/boards/politics/threads`, { headers: as(GERMAN) })).status).toBe(403)
    expect((await post(GERMAN, 'random')).status).toBe(201)
    expect((await post('81.2.69.142', 'politics')).status).toBe(201)
    expect(
      await admin.write('POST', '/api/admin/rangebans', {
        ban_type: 'country',
        ban_value: 'DE',
        board_id: 'politics',
        reason: 'again',
      }),
    ).toMatchObject({ status: 409, body: { error: 'Active rangeban already exists for this value' } })

    const list = await admin.request('GET', '/api/admin/rangebans?boardId=politics')
    const id = list.body.rangebans.find((r: { ban_value: string }) => r.ban_value === 'DE').id
    expect(await admin.write('DELETE', `/api/admin/rangebans/${id}`)).toMatchObject({
      status: 200,
      body: { message: 'Rangeban removed successfully' },
    })
    expect(await admin.write('DELETE', `/api/admin/rangebans/${id}`)).toMatchObject({
      status: 404,
      body: { error: 'Rangeban not found' },
    })
    expect((await post(GERMAN, 'politics')).status).toBe(201)
    // A removed range ban never blocks re-creation.
    expect(
      (
        await admin.write('POST', '/api/admin/rangebans', {
          ban_type: 'country',
          ban_value: 'DE',
          board_id: 'politics',
          reason: 'again',
          expires_at: new Date(Date.now() + 3600_000).toISOString(),
        })
      ).status,
    ).toBe(201)
  })

  it('ban a network by AS number, globally', async () => {
    const res = await admin.write('POST', '/api/admin/rangebans', {
      ban_type: 'asn',
      ban_value: 'AS15169',
      board_id: null,
      reason: 'abuse',
    })
    expect(res.body.rangeban).toMatchObject({ ban_type: 'asn', ban_value: '15169', country_name: null, board_id: null })
    const blocked = await post(GOOGLE, 'tech')
    expect(blocked.body).toMatchObject({
      error: 'Rangebanned',
      message: 'Your network (ASN 15169) is banned from this board permanently. Reason: abuse',
      rangeban: { type: 'asn', value: '15169' },
    })
    expect(blocked.body.rangeban).not.toHaveProperty('country_name')
    await admin.write('DELETE', `/api/admin/rangebans/${res.body.rangeban.id}`)
    expect((await post(GOOGLE, 'tech')).status).toBe(201)
  })

  it('ban an IP range, normalised to its network', async () => {
    const res = await admin.write('POST', '/api/admin/rangebans', {
      ban_type: 'ip_range',
      ban_value: '198.18.77.9/24',
      board_id: 'tech',
      reason: 'bots',
    })
    expect(res.body.rangeban.ban_value).toBe('198.18.77.0/24')
    expect((await post('198.18.77.200', 'tech')).body.message).toBe(
      'Your IP range (198.18.77.0/24) is banned from this board permanently. Reason: bots',
    )
    expect((await post('198.18.78.1', 'tech')).status).toBe(201)
    const v6 = await admin.write('POST', '/api/admin/rangebans', {
      ban_type: 'ip_range',
      ban_value: '2001:DB8:77::1/48',
      board_id: 'tech',
      reason: 'v6 bots',
    })
    expect(v6.body.rangeban.ban_value).toBe('2001:db8:77::/48')
    expect((await post('2001:db8:77:1::5', 'tech')).status).toBe(403)
    expect(
      (
        await admin.write('POST', '/api/admin/rangebans', {
          ban_type: 'ip_range',
          ban_value: '192.0.2.7',
          board_id: 'tech',
          reason: 'one',
        })
      ).body.rangeban.ban_value,
    ).toBe('192.0.2.7/32')
  })

  it('refuses bad values', async () => {
    const bad = async (body: Record<string, unknown>) =>
      (await admin.write('POST', '/api/admin/rangebans', { reason: 'r', ...body })).body
    expect(await bad({ ban_type: 'planet', ban_value: 'x' })).toMatchObject({
      error: 'Validation failed',
      details: [{ field: 'ban_type', message: 'Invalid ban type' }],
    })
    expect((await bad({ ban_type: 'country', ban_value: 'LO' })).details).toEqual([
      { field: 'ban_value', message: 'Invalid country code' },
    ])
    expect((await bad({ ban_type: 'country', ban_value: 'XX' })).details).toEqual([
      { field: 'ban_value', message: 'Invalid country code' },
    ])
    expect((await bad({ ban_type: 'asn', ban_value: 'ASX' })).details[0].field).toBe('ban_value')
    expect((await bad({ ban_type: 'ip_range', ban_value: '10.0.0.0/7' })).details).toEqual([
      { field: 'ban_value', message: 'The range must be at least /8' },
    ])
    expect((await bad({ ban_type: 'ip_range', ban_value: 'nonsense' })).details[0].field).toBe('ban_value')
    expect(
      (await admin.write('POST', '/api/admin/rangebans', { ban_type: 'country', ban_value: 'FR' })).body.details,
    ).toEqual([{ field: 'reason', message: 'Reason is required' }])
    expect((await bad({ ban_type: 'country', ban_value: 'CF' })).rangeban).toMatchObject({ ban_value: 'CF' })
  })

  it('reports statistics by type and top countries', async () => {
    const { body } = await admin.request('GET', '/api/admin/rangebans/stats')
    expect(body.stats.byType).toEqual(
      expect.arrayContaining([
        { ban_type: 'asn', count: 1, active_count: 0 },
        { ban_type: 'country', count: 3, active_count: 2 },
      ]),
    )
    expect(body.stats.topCountries).toEqual(
      expect.arrayContaining([{ country_code: 'DE', country_name: 'Germany', ban_count: 1 }]),
    )
  })

  it('lets a personal ban answer first', async () => {
    await admin.write('POST', '/api/admin/bans', {
      ip_address: '198.18.77.5',
      board_id: 'tech',
      reason: 'personal',
      expires_at: null,
    })
    expect((await post('198.18.77.5', 'tech')).body.error).toBe('Banned')
  })
})
