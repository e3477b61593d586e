// Banned files: moderators ban the file of a post (global list), uploads of the same bytes or of a resized and
// recompressed copy of a banned image are refused with 403 "File banned" and store nothing, deletePosts removes
// every post carrying the file like staff deletion, banPoster entries ban the uploader, and bad input changes nothing.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { io as connect } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, form, postForm } from '../helpers/http'
import { png, scene, shrunkJpeg } from '../helpers/media'
import { roomyRateLimits, startServer, type TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'
import { createStaff, StaffClient } from '../helpers/staff'

let server: TestServer
let admin: StaffClient
let mod: StaffClient
let techMod: StaffClient
let n = 0
/** A fresh client address per post, so one test's ban never touches another. */
const nextIp = () => `198.51.100.${++n}`

beforeAll(async () => {
  server = await startServer({
    env: {
      TRUST_PROXY_HOPS: '1',
      // Every post here comes from an address of its own (nextIp), at most two from one, so three posts per address
      // and hour leave room and let 'counts refused uploads' reach the limit however slow the machine.
      RATE_LIMITS: JSON.stringify({
        ...JSON.parse(roomyRateLimits('staffWrite')),
        postCreate: { points: 3, duration: 3600 },
      }),
    },
  })
  const login = async (username: string, role: 'admin' | 'moderator', boards: string[] = []) => {
    const u = await createStaff(server.database, { username, role, boards })
    const c = new StaffClient(server.url, as('10.9.9.9'))
    expect((await c.login(u.username, u.password)).status).toBe(200)
    return c
  }
  admin = await login('filesadmin', 'admin')
  mod = await login('filesmod', 'moderator')
  techMod = await login('filestechmod', 'moderator', ['tech'])
})
afterAll(async () => {
  await server?.stop()
})

async function newThread(board: string, bytes: Buffer, ip = nextIp(), name = 'a.png') {
  return postForm(
    `${server.url}/api/boards/${board}/threads`,
    form({ topic: 'files', content: 'a thread' }, { name, bytes }),
    as(ip),
  )
}
async function newReply(board: string, threadId: number, bytes?: Buffer, ip = nextIp()) {
  return postForm(
    `${server.url}/api/boards/${board}/threads/${threadId}/posts`,
    form({ content: 'a reply' }, bytes ? { name: 'r.png', bytes } : undefined),
    as(ip),
  )
}
async function postWith(board: string, bytes: Buffer) {
  const res = await newThread(board, bytes)
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body as { threadId: number; postId: number }
}

/** Every stored media file (recursively), to prove a refused upload left nothing behind. */
function mediaFiles(): string[] {
  const root = path.join(server.dataDir, 'media')
  if (!existsSync(root)) return []
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort()
}
const count = async (table: string) =>
  Number((await sql<{ c: number }>(server.database, `SELECT COUNT(*) AS c FROM ${table}`))[0].c)
const entries = async () => (await mod.request('GET', '/api/admin/files')).body.files as { id: number }[]

async function banFile(client: StaffClient, body: Record<string, unknown>) {
  const res = await client.write('POST', '/api/admin/files', body)
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body as { file: Record<string, unknown> & { id: number }; deletedPosts: number }
}

async function expectRefusedAndNothingStored(upload: () => Promise<{ status: number; body: unknown }>) {
  const [posts, files] = [await count('posts'), mediaFiles()]
  const res = await upload()
  expect({ status: res.status, body: res.body }).toEqual({ status: 403, body: { error: 'File banned' } })
  expect(await count('posts')).toBe(posts)
  expect(mediaFiles()).toEqual(files)
}

describe('banning a file', () => {
  it('lists the entry, logs it and refuses the same bytes on every board, storing nothing', async () => {
    const image = await scene(101)
    const target = await postWith('diy', image)
    const answer = await banFile(mod, { postId: target.postId, reason: 'Spam picture' })
    expect(answer.deletedPosts).toBe(0)
    expect(answer.file).toMatchObject({
      sha256: createHash('sha256').update(image).digest('hex'),
      fileType: 'image',
      reason: 'Spam picture',
      banPoster: false,
      boardId: 'diy',
      postId: target.postId,
      createdBy: 'filesmod',
    })
    expect(answer.file.phash).toMatch(/^[0-9a-f]{16}$/)
    expect((await entries()).map((e) => e.id)).toContain(answer.file.id)
    const [logged] = await sql<{ action_type: string; post_id: number; reason: string }>(
      server.database,
      "SELECT action_type, post_id, reason FROM moderation_actions WHERE action_type = 'file_ban' AND post_id = ?",
      target.postId,
    )
    expect(logged).toEqual({ action_type: 'file_ban', post_id: target.postId, reason: 'Spam picture' })

    await expectRefusedAndNothingStored(() => newThread('tech', image))
    await expectRefusedAndNothingStored(() => newReply('diy', target.threadId, image))
    // The post it was banned from stays (deletePosts was not asked for).
    expect((await fetch(`${server.url}/api/boards/diy/threads/${target.threadId}`)).status).toBe(200)
  })

  it('refuses a copy at 80 % size and JPEG quality 70, and accepts an unrelated image', async () => {
    const image = await scene(202)
    const target = await postWith('diy', image)
    await banFile(mod, { postId: target.postId, reason: 'Shock image' })
    const copy = await shrunkJpeg(image, 640)
    await expectRefusedAndNothingStored(() => newThread('tech', copy, nextIp(), 'copy.jpg'))
    expect((await newThread('tech', await scene(303))).status).toBe(201)
    expect((await newThread('tech', await png(60, 60, { r: 9, g: 99, b: 199 }))).status).toBe(201)
  })

  it('answers 4xx with a clear error for bad input and changes nothing', async () => {
    const withFile = await postWith('diy', await scene(404))
    const withoutFile = (await newReply('diy', withFile.threadId)).body.postId as number
    await banFile(mod, { postId: withFile.postId, reason: 'first' })
    const [before, logged] = [await count('banned_files'), await count('moderation_actions')]
    const cases: [unknown, number, string, string?][] = [
      [{ postId: 99999999, reason: 'x' }, 404, 'Post not found'],
      [{ postId: withoutFile, reason: 'x' }, 400, 'Validation failed', 'postId'],
      [{ postId: withFile.postId, reason: 'x'.repeat(10_240) }, 400, 'Validation failed', 'reason'],
      [{ postId: withFile.postId, reason: '   ' }, 400, 'Validation failed', 'reason'],
      [{ postId: withFile.postId }, 400, 'Validation failed', 'reason'],
      [{ postId: 'abc', reason: 'x' }, 400, 'Validation failed', 'postId'],
      [{ postId: -1, reason: 'x' }, 400, 'Validation failed', 'postId'],
      [{ postId: 1.5, reason: 'x' }, 400, 'Validation failed', 'postId'],
      [{ postId: 2 ** 40, reason: 'x' }, 400, 'Validation failed', 'postId'],
      [{ postId: withFile.postId, reason: 'x', deletePosts: 'yes' }, 400, 'Validation failed', 'deletePosts'],
      [{ postId: withFile.postId, reason: 'x', banPoster: true, banDuration: 'forever' }, 400, 'Validation failed'],
      [[1, 2], 400, 'Validation failed'],
      [{ postId: withFile.postId, reason: 'again' }, 409, 'File already banned'],
    ]
    for (const [body, status, error, field] of cases) {
      const res = await mod.write('POST', '/api/admin/files', body)
      expect({ status: res.status, error: res.body.error }, JSON.stringify(body).slice(0, 80)).toEqual({
        status,
        error,
      })
      if (field) expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field)
    }
    for (const id of ['abc', '0', '99999999', '1.5', '-3']) {
      const res = await mod.write('DELETE', `/api/admin/files/${id}`)
      expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: { error: 'Banned file not found' } })
    }
    expect(await count('banned_files')).toBe(before)
    expect(await count('moderation_actions')).toBe(logged)
  })

  it('lets the file be uploaded again once its entry is deleted, logged as file_unban', async () => {
    const image = await scene(505)
    const target = await postWith('diy', image)
    const { file } = await banFile(mod, { postId: target.postId, reason: 'temporary' })
    expect((await newThread('tech', image)).status).toBe(403)
    const res = await mod.write('DELETE', `/api/admin/files/${file.id}`)
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { message: 'File ban lifted' } })
    expect((await entries()).map((e) => e.id)).not.toContain(file.id)
    expect((await newThread('tech', image)).status).toBe(201)
    const types = (await admin.request('GET', '/api/admin/actions?action_type=file_ban,file_unban')).body.actions.map(
      (a: { action_type: string }) => a.action_type,
    )
    expect(types).toEqual(expect.arrayContaining(['file_ban', 'file_unban']))
    const stats = (await admin.request('GET', '/api/admin/actions/stats')).body.stats.byActionType.map(
      (s: { action_type: string }) => s.action_type,
    )
    expect(stats).toEqual(expect.arrayContaining(['file_ban', 'file_unban']))
  })
})

describe('deletePosts', () => {
  it('removes every post carrying the file and its media, drops cached pages and tells the rooms', async () => {
    const image = await scene(606)
    const first = await postWith('diy', image)
    const other = await postWith('tech', await scene(607))
    const carrying = await newReply('tech', other.threadId, image)
    expect(carrying.status).toBe(201)
    const keep = (await newReply('tech', other.threadId)).body.postId as number
    const [{ media_key: key }] = await sql<{ media_key: string }>(
      server.database,
      'SELECT media_key FROM posts WHERE id = ?',
      first.postId,
    )
    const file = path.join(server.dataDir, 'media', key)
    expect(existsSync(file)).toBe(true)

    const threadPage = `/board/tech/thread/${other.threadId}`
    const page = () => fetch(server.url + threadPage, { headers: as('192.0.2.200') })
    expect(await (await page()).text()).toContain(`id="post-${carrying.body.postId}"`)
    expect((await page()).headers.get('x-corkboard-cache')).toBe('HIT')
    const socket = connect(server.url, { transports: ['websocket'], forceNew: true, reconnection: false })
    await new Promise((resolve) => socket.emit('join_board', `tech-${other.threadId}`, resolve))
    const deleted = new Promise((resolve) => socket.once('post_deleted', resolve))

    const answer = await banFile(admin, { postId: first.postId, reason: 'Gore', deletePosts: true })
    expect(answer.deletedPosts).toBe(2)
    expect(await deleted).toMatchObject({ postId: carrying.body.postId, threadId: other.threadId, boardId: 'tech' })
    socket.close()

    expect((await fetch(`${server.url}/api/boards/diy/threads/${first.threadId}`)).status).toBe(404)
    const ids = (
      (await (await fetch(`${server.url}/api/boards/tech/threads/${other.threadId}/posts`)).json()) as {
        posts: { id: number }[]
      }
    ).posts.map((p) => p.id)
    expect(ids).toContain(keep)
    expect(ids).not.toContain(carrying.body.postId)
    expect(existsSync(file)).toBe(false)
    const after = await page()
    expect(after.headers.get('x-corkboard-cache')).not.toBe('HIT')
    const html = await after.text()
    expect(html).not.toContain(`id="post-${carrying.body.postId}"`)
    expect(html).toContain(`id="post-${keep}"`)
    const reasons = await sql<{ action_type: string; reason: string }>(
      server.database,
      "SELECT action_type, reason FROM moderation_actions WHERE post_id IN (?, ?) AND action_type <> 'file_ban'",
      first.postId,
      carrying.body.postId,
    )
    expect(reasons.map((r) => r.action_type).sort()).toEqual(['post_deleted', 'thread_deleted'])
    expect(new Set(reasons.map((r) => r.reason))).toEqual(new Set(['Banned file: Gore']))
  })
})

describe('board scope', () => {
  it('lets a board-scoped moderator ban only files of posts on their boards and delete only there', async () => {
    const image = await scene(707)
    const onDiy = await postWith('diy', image)
    const refused = await techMod.write('POST', '/api/admin/files', { postId: onDiy.postId, reason: 'x' })
    expect({ status: refused.status, error: refused.body.error }).toEqual({
      status: 403,
      error: 'Not authorized to moderate this board',
    })
    const onTech = (await newReply('tech', (await postWith('tech', await scene(708))).threadId, image)).body
    const answer = await banFile(techMod, { postId: onTech.postId, reason: 'Scoped', deletePosts: true })
    expect(answer.deletedPosts).toBe(1)
    expect((await fetch(`${server.url}/api/boards/diy/threads/${onDiy.threadId}`)).status).toBe(200)
    // The list is global: the file is refused on diy too.
    expect((await newThread('diy', image)).status).toBe(403)

    // Entries made from another board's post are lifted by global moderators and admins only.
    const other = await postWith('diy', await scene(709))
    const { file } = await banFile(mod, { postId: other.postId, reason: 'diy entry' })
    const lift = await techMod.write('DELETE', `/api/admin/files/${file.id}`)
    expect({ status: lift.status, error: lift.body.error }).toEqual({
      status: 403,
      error: 'Not authorized to moderate this board',
    })
    expect((await techMod.write('DELETE', `/api/admin/files/${answer.file.id}`)).status).toBe(200)
  })
})

describe('banPoster', () => {
  it('bans whoever uploads the file again, on every board, with the usual ban answer', async () => {
    const image = await scene(808)
    const target = await postWith('diy', image)
    await banFile(admin, { postId: target.postId, reason: 'Raid image', banPoster: true, banDuration: '1d' })
    const ip = nextIp()
    const [posts, files] = [await count('posts'), mediaFiles()]
    const res = await newThread('tech', image, ip)
    expect(res.status).toBe(403)
    expect(res.body.error).toBe('Banned')
    expect(res.body.message).toContain('Uploaded a banned file: Raid image')
    expect(await count('posts')).toBe(posts)
    expect(mediaFiles()).toEqual(files)
    // The ban is global: a text reply on another board is refused too.
    const text = await newReply('diy', target.threadId, undefined, ip)
    expect({ status: text.status, error: text.body.error }).toEqual({ status: 403, error: 'Banned' })
    const [ban] = await sql<{ board_id: string | null; expires_at: unknown }>(
      server.database,
      'SELECT board_id, expires_at FROM bans WHERE ip_address = ?',
      ip,
    )
    expect(ban.board_id).toBeNull()
    expect(ban.expires_at).not.toBeNull()
  })

  it('refuses logged-in staff the file without banning them', async () => {
    const image = await scene(818)
    const target = await postWith('diy', image)
    const { file } = await banFile(admin, { postId: target.postId, reason: 'Staff test', banPoster: true })
    expect(file).toMatchObject({ banPoster: true, banDuration: '30d' })
    const ip = nextIp()
    const res = await postForm(
      `${server.url}/api/boards/tech/threads`,
      form({ topic: 'files', content: 'staff' }, { name: 'a.png', bytes: image }),
      { ...as(ip), Cookie: mod.cookie },
    )
    expect({ status: res.status, body: res.body }).toEqual({ status: 403, body: { error: 'File banned' } })
    expect(await sql(server.database, 'SELECT id FROM bans WHERE ip_address = ?', ip)).toEqual([])
  })

  it('is for admins only, as the bans it makes cover every board', async () => {
    const image = await scene(828)
    const target = await postWith('diy', image)
    const entries = await count('banned_files')
    const res = await mod.write('POST', '/api/admin/files', {
      postId: target.postId,
      reason: 'Raid image',
      banPoster: true,
      banDuration: '1d',
    })
    expect({ status: res.status, body: res.body }).toEqual({
      status: 403,
      body: { error: 'Only admins can create global bans' },
    })
    expect(await count('banned_files')).toBe(entries)
  })

  it('refuses a look-alike of the image without banning its uploader', async () => {
    const image = await scene(838)
    const target = await postWith('diy', image)
    await banFile(admin, { postId: target.postId, reason: 'Raid image', banPoster: true })
    const ip = nextIp()
    const res = await newThread('tech', await shrunkJpeg(image, 640), ip, 'b.jpg')
    expect({ status: res.status, body: res.body }).toEqual({ status: 403, body: { error: 'File banned' } })
    expect(await sql(server.database, 'SELECT id FROM bans WHERE ip_address = ?', ip)).toEqual([])
  })

  it('refuses the file without banning when the entry does not ask for it', async () => {
    const image = await scene(909)
    const target = await postWith('diy', image)
    await banFile(mod, { postId: target.postId, reason: 'Refuse only' })
    const ip = nextIp()
    expect((await newThread('tech', image, ip)).status).toBe(403)
    expect((await newReply('diy', target.threadId, undefined, ip)).status).toBe(201)
  })
})

describe('posting limits', () => {
  it('counts a refused banned upload like a post, for threads and replies, but not a file of the wrong type', async () => {
    const image = await scene(919)
    const target = await postWith('diy', image)
    await banFile(mod, { postId: target.postId, reason: 'Counted' })
    // A file of the wrong type (415) does not count: the visitor may try another at once.
    const ip = nextIp()
    for (let i = 0; i < 4; i++) {
      const wrong = await newThread('tech', Buffer.from('not an image'), ip, 'a.txt')
      expect(wrong.status).toBe(415)
    }
    // Three banned uploads (a thread, then replies) use up the three posts an address may make: the fourth is 429.
    expect((await newThread('tech', image, ip)).status).toBe(403)
    expect((await newReply('diy', target.threadId, image, ip)).status).toBe(403)
    expect((await newReply('diy', target.threadId, image, ip)).status).toBe(403)
    const [posts, files] = [await count('posts'), mediaFiles()]
    const limited = await newReply('diy', target.threadId, image, ip)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
    // A text reply from the same address is refused too: the refusals used up its posting limit.
    expect((await newReply('diy', target.threadId, undefined, ip)).status).toBe(429)
    expect(await count('posts')).toBe(posts)
    expect(mediaFiles()).toEqual(files)
  })
})
