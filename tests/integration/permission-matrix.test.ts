// Who may call each staff endpoint (roles and board scope, docs/API.md) checked end to end: every staff endpoint called as anonymous, janitor,
// moderator, admin, as staff assigned to another board and as a deactivated account with a session from before;
// every staff write without its CSRF token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { startServer, type TestServer, roomyRateLimits } from '../helpers/server'
import { sql } from '../helpers/sql'
import { createStaff, StaffClient } from '../helpers/staff'

type Caller =
  'anonymous' | 'deactivated' | 'janitor' | 'moderator' | 'admin' | 'otherBoardJanitor' | 'otherBoardModerator'
type Rank = 'janitor' | 'moderator' | 'admin'

interface Endpoint {
  name: string
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: () => string
  body?: () => unknown
  /** Least role allowed. */
  role: Rank
  /** Acts on board `diy`: staff assigned only to `tech` are refused. */
  scoped?: boolean
  /** The 403 a too-small role gets, when it is not the generic privileges sentence. */
  roleError?: string
}

let server: TestServer
const clients = {} as Record<Caller, StaffClient>
const ids = { threadId: 0, opPostId: 0, postId: 0, banId: 0, rangebanId: 0, userId: 0, filterId: 0, bannedFileId: 0 }
let files = 0
/** A file no other call uploaded (banned files are refused everywhere, so each ban needs its own). */
const uniqueFile = () => {
  files++
  return png(30, 30, { r: files % 256, g: Math.floor(files / 256) % 256, b: 77 })
}
const future = () => new Date(Date.now() + 86_400_000).toISOString()
let ranges = 0
/** A /24 no other call used, so range-ban creations never meet a duplicate. */
const uniqueRange = () => {
  ranges++
  return `100.${64 + Math.floor(ranges / 256)}.${ranges % 256}.0/24`
}
let boards = 0
/** A board id no other call used, so board creations never meet a duplicate. */
const uniqueBoard = () => `matrix${++boards}`

const ENDPOINTS: Endpoint[] = [
  { name: 'me', method: 'GET', path: () => '/api/admin/me', role: 'janitor' },
  { name: 'list users', method: 'GET', path: () => '/api/admin/users', role: 'admin' },
  {
    name: 'create user',
    method: 'POST',
    path: () => '/api/admin/users',
    role: 'admin',
    body: () => ({
      username: `u${Date.now()}`,
      email: `u${Date.now()}@example.com`,
      password: 'long password 1',
      role: 'janitor',
    }),
  },
  { name: 'view user', method: 'GET', path: () => `/api/admin/users/${ids.userId}`, role: 'admin' },
  {
    name: 'update user',
    method: 'PUT',
    path: () => `/api/admin/users/${ids.userId}`,
    role: 'admin',
    body: () => ({ email: `e${Date.now()}@example.com` }),
  },
  { name: 'list bans', method: 'GET', path: () => '/api/admin/bans', role: 'janitor' },
  {
    name: 'pending appeals filter',
    method: 'GET',
    path: () => '/api/admin/bans?appeal_status=pending',
    role: 'moderator',
  },
  {
    name: 'create ban',
    method: 'POST',
    path: () => '/api/admin/bans',
    role: 'janitor',
    scoped: true,
    body: () => ({ ip_address: '192.0.2.50', board_id: 'diy', reason: 'matrix', expires_at: future() }),
  },
  { name: 'view ban', method: 'GET', path: () => `/api/admin/bans/${ids.banId}`, role: 'janitor', scoped: true },
  {
    name: 'update ban',
    method: 'PUT',
    path: () => `/api/admin/bans/${ids.banId}`,
    role: 'moderator',
    scoped: true,
    body: () => ({ expires_at: future() }),
  },
  { name: 'list rangebans', method: 'GET', path: () => '/api/admin/rangebans', role: 'admin' },
  {
    name: 'create rangeban',
    method: 'POST',
    path: () => '/api/admin/rangebans',
    role: 'admin',
    body: () => ({ ban_type: 'ip_range', ban_value: uniqueRange(), board_id: 'diy', reason: 'matrix' }),
  },
  { name: 'rangeban stats', method: 'GET', path: () => '/api/admin/rangebans/stats', role: 'admin' },
  { name: 'remove rangeban', method: 'DELETE', path: () => `/api/admin/rangebans/${ids.rangebanId}`, role: 'admin' },
  {
    name: 'post ip',
    method: 'GET',
    path: () => `/api/admin/posts/${ids.postId}/ip?boardId=diy&threadId=${ids.threadId}`,
    role: 'janitor',
    scoped: true,
  },
  {
    name: 'post colour',
    method: 'PUT',
    path: () => `/api/admin/posts/${ids.postId}/color`,
    role: 'moderator',
    scoped: true,
    body: () => ({ boardId: 'diy', threadId: ids.threadId, color: 'green' }),
  },
  {
    name: 'delete post',
    method: 'DELETE',
    path: () => `/api/admin/posts/${ids.postId}`,
    role: 'janitor',
    scoped: true,
    body: () => ({ boardId: 'diy', threadId: ids.threadId, reason: 'matrix' }),
  },
  {
    name: 'set sticky',
    method: 'PUT',
    path: () => `/api/admin/boards/diy/threads/${ids.threadId}/sticky`,
    role: 'moderator',
    scoped: true,
  },
  {
    name: 'remove sticky',
    method: 'DELETE',
    path: () => `/api/admin/boards/diy/threads/${ids.threadId}/sticky`,
    role: 'moderator',
    scoped: true,
  },
  { name: 'report queue', method: 'GET', path: () => '/api/admin/reports', role: 'janitor' },
  {
    name: 'report queue of a board',
    method: 'GET',
    path: () => '/api/admin/reports?board=diy',
    role: 'janitor',
    scoped: true,
  },
  { name: 'report counts', method: 'GET', path: () => '/api/admin/reports/counts', role: 'janitor' },
  {
    name: 'dismiss reports',
    method: 'POST',
    path: () => `/api/admin/reports/${ids.postId}/dismiss`,
    role: 'janitor',
    scoped: true,
  },
  { name: 'action log', method: 'GET', path: () => '/api/admin/actions', role: 'janitor' },
  {
    name: 'action stats',
    method: 'GET',
    path: () => '/api/admin/actions/stats',
    role: 'moderator',
    roleError: 'Not authorized to view statistics',
  },
  { name: 'ip history', method: 'GET', path: () => '/api/admin/ip-history/192.0.2.50', role: 'janitor' },
  { name: 'housekeeping status', method: 'GET', path: () => '/api/admin/housekeeping/status', role: 'admin' },
  { name: 'run housekeeping', method: 'POST', path: () => '/api/admin/housekeeping/run', role: 'admin' },
  { name: 'list boards', method: 'GET', path: () => '/api/admin/boards', role: 'admin' },
  {
    name: 'create board',
    method: 'POST',
    path: () => '/api/admin/boards',
    role: 'admin',
    body: () => ({ id: uniqueBoard(), name: 'Matrix' }),
  },
  {
    name: 'update board',
    method: 'PUT',
    path: () => '/api/admin/boards/diy',
    role: 'admin',
    body: () => ({ description: `Matrix ${Date.now()}` }),
  },
  {
    name: 'board captcha',
    method: 'PATCH',
    path: () => '/api/admin/boards/diy',
    role: 'admin',
    body: () => ({ captcha: 'off' }),
  },
  { name: 'contact settings', method: 'GET', path: () => '/api/admin/settings/contact', role: 'admin' },
  {
    name: 'update contact',
    method: 'PUT',
    path: () => '/api/admin/settings/contact',
    role: 'admin',
    body: () => ({ text: `Matrix ${Date.now()}` }),
  },
  { name: 'list filters', method: 'GET', path: () => '/api/admin/filters', role: 'admin' },
  {
    name: 'create filter',
    method: 'POST',
    path: () => '/api/admin/filters',
    role: 'admin',
    body: () => ({ pattern: `matrixword${Date.now()}`, action: 'reject' }),
  },
  {
    name: 'update filter',
    method: 'PUT',
    path: () => `/api/admin/filters/${ids.filterId}`,
    role: 'admin',
    body: () => ({ pattern: `matrixword${Date.now()}`, action: 'reject' }),
  },
  { name: 'delete filter', method: 'DELETE', path: () => `/api/admin/filters/${ids.filterId}`, role: 'admin' },
  { name: 'list banned files', method: 'GET', path: () => '/api/admin/files', role: 'moderator' },
  {
    name: 'ban file',
    method: 'POST',
    path: () => '/api/admin/files',
    role: 'moderator',
    scoped: true,
    body: () => ({ postId: ids.opPostId, reason: 'matrix' }),
  },
  {
    name: 'delete banned file',
    method: 'DELETE',
    path: () => `/api/admin/files/${ids.bannedFileId}`,
    role: 'moderator',
    scoped: true,
  },
]

const RANK: Record<Rank, number> = { janitor: 1, moderator: 2, admin: 3 }
const ROLE_OF: Record<Exclude<Caller, 'anonymous' | 'deactivated'>, Rank> = {
  janitor: 'janitor',
  moderator: 'moderator',
  admin: 'admin',
  otherBoardJanitor: 'janitor',
  otherBoardModerator: 'moderator',
}

function expected(e: Endpoint, caller: Caller): { status: number; error?: string } | 'allowed' {
  if (caller === 'anonymous' || caller === 'deactivated') return { status: 401, error: 'Login required' }
  const rank = ROLE_OF[caller]
  if (RANK[rank] < RANK[e.role]) {
    return {
      status: 403,
      error: e.roleError ?? (e.role === 'admin' ? 'Admin privileges required' : 'Moderator privileges required'),
    }
  }
  if (e.scoped && caller.startsWith('otherBoard'))
    return { status: 403, error: 'Not authorized to moderate this board' }
  return 'allowed'
}

beforeAll(async () => {
  server = await startServer({
    env: {
      // Every call makes fresh targets (a thread, a reply and four staff writes), several hundred a minute on a fast
      // machine: no limit may count them.
      RATE_LIMITS: JSON.stringify(
        Object.fromEntries(
          Object.entries(JSON.parse(roomyRateLimits('staffWrite'))).map(([kind]) => [kind, { points: 1_000_000 }]),
        ),
      ),
    },
  })
  clients.anonymous = new StaffClient(server.url)
  const accounts: [Exclude<Caller, 'anonymous'>, Rank, string[]][] = [
    ['deactivated', 'admin', []],
    ['janitor', 'janitor', []],
    ['moderator', 'moderator', []],
    ['admin', 'admin', []],
    ['otherBoardJanitor', 'janitor', ['tech']],
    ['otherBoardModerator', 'moderator', ['tech']],
  ]
  for (const [caller, role, boards] of accounts) {
    const u = await createStaff(server.database, { username: caller, role, boards })
    clients[caller] = new StaffClient(server.url)
    expect((await clients[caller].login(u.username, u.password)).status).toBe(200)
  }
  // Deactivated after logging in: the session it holds must count for nothing.
  await sql(server.database, 'UPDATE staff_users SET is_active = ? WHERE username = ?', false, 'deactivated')
  ids.userId = (await createStaff(server.database, { username: 'subject', role: 'janitor' })).id
})
afterAll(async () => {
  await server?.stop()
})

/** Fresh targets before each endpoint, so an earlier allowed call (a deletion) cannot turn a check into a 404. */
async function freshTargets() {
  const t = (
    await postForm(
      `${server.url}/api/boards/diy/threads`,
      form({ topic: 'matrix', content: 'target' }, { name: 'a.png', bytes: await uniqueFile() }),
    )
  ).body
  ids.threadId = t.threadId
  ids.opPostId = t.postId
  ids.postId = (
    await postForm(
      `${server.url}/api/boards/diy/threads/${t.threadId}/posts`,
      form({ content: 'target reply' }, { name: 'r.png', bytes: await uniqueFile() }),
    )
  ).body.postId
  ids.banId = (
    await clients.admin.write('POST', '/api/admin/bans', {
      ip_address: '192.0.2.99',
      board_id: 'diy',
      reason: 'target',
      expires_at: future(),
    })
  ).body.ban.id
  ids.rangebanId = (
    await clients.admin.write('POST', '/api/admin/rangebans', {
      ban_type: 'ip_range',
      ban_value: uniqueRange(),
      board_id: 'diy',
      reason: 'target',
    })
  ).body.rangeban.id
  ids.filterId = (
    await clients.admin.write('POST', '/api/admin/filters', { pattern: `matrixtarget${Date.now()}`, action: 'reject' })
  ).body.filter.id
  ids.bannedFileId = (
    await clients.admin.write('POST', '/api/admin/files', { postId: ids.postId, reason: 'target' })
  ).body.file.id
}

describe.each(ENDPOINTS)('$method $name', (e) => {
  it.each([
    'anonymous',
    'deactivated',
    'otherBoardJanitor',
    'otherBoardModerator',
    'janitor',
    'moderator',
    'admin',
  ] as Caller[])('as %s', async (caller) => {
    await freshTargets()
    const c = clients[caller]
    const res = e.method === 'GET' ? await c.request('GET', e.path()) : await c.write(e.method, e.path(), e.body?.())
    const want = expected(e, caller)
    if (want === 'allowed') {
      expect([401, 403], `${caller} ${e.method} ${e.path()} → ${res.status} ${JSON.stringify(res.body)}`).not.toContain(
        res.status,
      )
      expect(res.status).toBeLessThan(500)
    } else {
      expect({ status: res.status, error: res.body.error }).toEqual(want)
    }
  })
})

describe('CSRF', () => {
  it.each(ENDPOINTS.filter((e) => e.method !== 'GET'))(
    '$method $name without the token → 403 Invalid CSRF token',
    async (e) => {
      await freshTargets()
      const res = await clients.admin.request(e.method, e.path(), e.body?.())
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 403, error: 'Invalid CSRF token' })
      const wrong = await clients.admin.request(e.method, e.path(), e.body?.(), { 'X-CSRF-Token': 'not-the-token' })
      expect(wrong.status).toBe(403)
    },
  )
})
