// Appeals and decisions through the real server (tests/helpers/bans.ts): one appeal per ban, seen by moderators,
// approving or removing lifts the ban and denying keeps it, global bans left to admins, each step logged.
import { describe, expect, it } from 'vitest'
import { inDays, staff, tryPost, visitorIp, withBansServer } from '../helpers/bans'
import { as } from '../helpers/http'
import { sql } from '../helpers/sql'

const server = withBansServer()

const appeal = (ip: string, board: string, banId: number, appealText: unknown) =>
  fetch(`${server().url}/api/boards/${board}/appeal/${banId}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...as(ip) },
    body: JSON.stringify({ appealText }),
  }).then(async (r) => ({ status: r.status, body: await r.json() }))

describe('appeals and decisions', () => {
  it('takes one appeal per ban, shows it to moderators, and approving lifts the ban', async () => {
    const ip = visitorIp()
    const {
      body: { ban },
    } = await staff.janitor.write('POST', '/api/admin/bans', {
      ip_address: ip,
      board_id: 'food',
      reason: 'oops',
      expires_at: inDays(3),
    })
    expect(await appeal(ip, 'food', ban.id, '   ')).toEqual({
      status: 400,
      body: {
        error: 'Validation failed',
        details: [{ field: 'appealText', message: 'Please enter an appeal reason' }],
      },
    })
    expect(await appeal(visitorIp(), 'food', ban.id, 'not mine')).toEqual({
      status: 404,
      body: { error: 'Ban not found' },
    })
    expect(await appeal(ip, 'diy', ban.id, 'wrong board')).toEqual({ status: 404, body: { error: 'Ban not found' } })
    expect(await appeal(ip, 'food', ban.id, 'I was joking.\nSorry.')).toEqual({
      status: 200,
      body: { message: 'Appeal submitted successfully', status: 'pending', appeal_status: 'pending' },
    })
    expect(await appeal(ip, 'food', ban.id, 'again')).toEqual({
      status: 409,
      body: { error: 'Appeal already submitted' },
    })

    expect((await staff.janitor.request('GET', `/api/admin/bans/${ban.id}`)).body.ban).not.toHaveProperty('appeal_text')
    const seen = await staff.moderator.request('GET', `/api/admin/bans/${ban.id}`)
    expect(seen.body.ban).toMatchObject({
      appeal_status: 'pending',
      appeal_text: 'I was joking.\nSorry.',
      appeal_submitted_at: expect.stringMatching(/Z$/),
    })
    const pending = await staff.moderator.request('GET', '/api/admin/bans?appeal_status=pending')
    expect(pending.body.bans.map((b: { id: number }) => b.id)).toContain(ban.id)

    expect(
      await staff.janitor.write('PUT', `/api/admin/bans/${ban.id}`, { appeal_status: 'approved', is_active: false }),
    ).toMatchObject({ status: 403, body: { error: 'Moderator privileges required' } })
    const approved = await staff.moderator.write('PUT', `/api/admin/bans/${ban.id}`, {
      appeal_status: 'approved',
      is_active: false,
      reason: 'Appeal approved by modi',
    })
    expect(approved).toMatchObject({
      status: 200,
      body: {
        message: 'Ban updated successfully',
        ban: {
          is_active: false,
          appeal_status: 'approved',
          reason: 'oops',
          decision_reason: 'Appeal approved by modi',
        },
      },
    })
    expect((await tryPost(ip)).status).toBe(201)
    expect(
      (await staff.moderator.request('GET', '/api/admin/bans?appeal_status=pending')).body.bans.map(
        (b: { id: number }) => b.id,
      ),
    ).not.toContain(ban.id)
    expect(
      await staff.moderator.write('PUT', `/api/admin/bans/${ban.id}`, { appeal_status: 'denied', is_active: true }),
    ).toMatchObject({ status: 409, body: { error: 'No pending appeal' } })
    expect(await staff.moderator.write('PUT', `/api/admin/bans/${ban.id}`, { is_active: true })).toMatchObject({
      status: 409,
      body: { error: 'Create a new ban instead' },
    })
    expect(await appeal(ip, 'food', ban.id, 'lifted already')).toMatchObject({ status: 409 })
    const [logged] = await sql<Record<string, unknown>>(
      server().database,
      "SELECT * FROM moderation_actions WHERE action_type = 'appeal_submitted' AND ban_id = ?",
      ban.id,
    )
    expect(logged).toMatchObject({ admin_user_id: null, ip_address: ip, reason: 'I was joking.\nSorry.' })
  })

  it('denying keeps the ban; removing lifts it and is logged as unbanned', async () => {
    const ip = visitorIp()
    const {
      body: { ban },
    } = await staff.janitor.write('POST', '/api/admin/bans', {
      ip_address: ip,
      board_id: 'food',
      reason: 'spam',
      expires_at: inDays(3),
    })
    await appeal(ip, 'food', ban.id, 'please')
    expect(
      (
        await staff.moderator.write('PUT', `/api/admin/bans/${ban.id}`, {
          appeal_status: 'denied',
          is_active: true,
          reason: 'Appeal denied by modi',
        })
      ).body.ban,
    ).toMatchObject({ is_active: true, appeal_status: 'denied' })
    expect((await tryPost(ip)).status).toBe(403)
    expect(
      (
        await staff.moderator.write('PUT', `/api/admin/bans/${ban.id}`, {
          is_active: false,
          reason: 'Ban removed by modi (moderator)',
        })
      ).body.ban,
    ).toMatchObject({ is_active: false })
    expect((await tryPost(ip)).status).toBe(201)
    const [logged] = await sql<Record<string, unknown>>(
      server().database,
      "SELECT * FROM moderation_actions WHERE action_type = 'unbanned' AND ban_id = ?",
      ban.id,
    )
    expect(logged).toMatchObject({ reason: 'Ban removed by modi (moderator)', admin_username: 'modi' })
  })

  it('leaves global bans to admins', async () => {
    const {
      body: { ban },
    } = await staff.admin.write('POST', '/api/admin/bans', {
      ip_address: visitorIp(),
      board_id: null,
      reason: 'g',
      expires_at: null,
    })
    expect(await staff.moderator.write('PUT', `/api/admin/bans/${ban.id}`, { is_active: false })).toMatchObject({
      status: 403,
      body: { error: 'Not authorized to moderate this board' },
    })
    expect((await staff.admin.write('PUT', `/api/admin/bans/${ban.id}`, { is_active: false })).status).toBe(200)
  })
})
