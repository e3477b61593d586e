// Visitor reports through the real server (tests/helpers/reports.ts): filing (one per post and address), the
// refusals that change nothing (bad bodies, unknown posts and boards, the hourly limit, bans).
import { describe, expect, it } from 'vitest'
import {
  freshIp,
  report,
  reportPath,
  REPORT_LIMIT,
  send,
  staff,
  storedReports,
  thread,
  withReportsServer,
} from '../helpers/reports'

withReportsServer()

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
