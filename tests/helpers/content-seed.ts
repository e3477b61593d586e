// Fills a board with threads, posts, media columns, polls with votes and post bans in a few batched inserts,
// through the app's own Prisma client (so it works on SQLite and PostgreSQL). For tests and bench scripts that
// need much more content than the API could create quickly; rows look like the ones createThread, createReply,
// createSurvey, vote and createBan write (post_count, bump time, poster ids, owner hashes, ban context).
import { randomBytes } from 'node:crypto'
import type { Db, Prisma } from '@/lib/db/client'
import { BUMP_LIMIT } from '@/lib/limits'
import { ipKey } from '@/lib/net/ip'
import { ownerKeyHash, threadUserId, voterHash } from '@/lib/posters/identity'

export interface ThreadPlan {
  replies: number
  sticky?: boolean
  /** Died this long ago (housekeeping deletes dead threads after 48 hours). */
  deadForHours?: number
}

/** Every n-th post (counted over the whole call) gets media, a poll or a ban; 0 turns a kind off. */
export interface Every {
  media: number
  poll: number
  ban: number
}

export interface SeededThread {
  id: number
  postIds: number[]
}

const BATCH = 1000
const COUNTRIES = ['DE', 'US', 'FR', 'JP', 'BR', null] as const

const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`

function mediaColumns(n: number) {
  const hash = randomBytes(32).toString('hex')
  const video = n % 3 === 2
  return {
    imageUrl: `/media/${hash.slice(0, 2)}/${hash}.${video ? 'webm' : 'png'}`,
    mediaKey: `${hash.slice(0, 2)}/${hash}.${video ? 'webm' : 'png'}`,
    thumbnailUrl: `/media/${hash.slice(0, 2)}/${hash}.thumb.webp`,
    thumbnailKey: `${hash.slice(0, 2)}/${hash}.thumb.webp`,
    fileType: video ? 'video' : 'image',
    mediaMime: video ? 'video/webm' : 'image/png',
    mediaSize: 40_000 + n,
    mediaWidth: 640,
    mediaHeight: 480,
    mediaOrigName: `file${n}.${video ? 'webm' : 'png'}`,
  }
}

const text = (n: number, threadIndex: number) =>
  n % 5 === 0
    ? `>green text line ${n}\nReply ${n} in thread ${threadIndex}, with **bold** words.`
    : `Reply ${n} in thread ${threadIndex}: lorem ipsum dolor sit amet.`

/** Seeds the threads in order (the last one bumped most recently) and returns their ids and post ids. */
export async function seedThreads(
  db: Db,
  boardId: string,
  plans: ThreadPlan[],
  every: Every = { media: 4, poll: 10, ban: 25 },
): Promise<SeededThread[]> {
  const board = await db.board.findUniqueOrThrow({ where: { id: boardId } })
  const totalPosts = plans.reduce((sum, p) => sum + 1 + p.replies, 0)
  // One second per post, ending now: bump order follows plan order.
  let clock = Date.now() - totalPosts * 1000
  const now = Date.now()
  const threads = await db.thread.createManyAndReturn({
    data: plans.map((p, i) => ({
      boardId,
      topic: `Thread ${i + 1} on /${boardId}/`,
      isSticky: p.sticky ?? false,
      postCount: 1 + p.replies,
      isDead: p.deadForHours !== undefined,
      diedAt: p.deadForHours !== undefined ? new Date(now - p.deadForHours * 3600_000) : null,
    })),
    select: { id: true },
  })

  let n = 0
  const posts: Prisma.PostCreateManyInput[] = []
  const bumps = new Map<number, { createdAt: Date; updatedAt: Date }>()
  plans.forEach((plan, t) => {
    const threadId = threads[t].id
    const first = new Date(clock)
    let bumped = first
    for (let i = 0; i <= plan.replies; i++, n++) {
      const createdAt = new Date((clock += 1000))
      const ip = addressOf(n % 5000)
      // Replies past the bump limit are stored with dont_bump, as createReply does.
      const dontBump = i >= BUMP_LIMIT || (i > 0 && n % 17 === 0)
      if (!dontBump) bumped = createdAt
      posts.push({
        threadId,
        boardId,
        createdAt,
        isOp: i === 0,
        dontBump,
        content: i === 0 ? `Opening post of thread ${t + 1}` : text(n, t + 1),
        ipAddress: ip,
        ownerKeyHash: ownerKeyHash(`poster-${n % 5000}`),
        threadUserId: board.threadIdsEnabled ? threadUserId(threadId, ip) : null,
        countryCode: board.countryFlagsEnabled ? COUNTRIES[n % COUNTRIES.length] : null,
        color: n % 50 === 0 ? 'red' : 'black',
        ...(every.media && n % every.media === 0 ? mediaColumns(n) : {}),
      })
    }
    bumps.set(threadId, { createdAt: first, updatedAt: bumped })
  })

  const stored: { id: number; threadId: number; ipAddress: string; content: string; imageUrl: string | null }[] = []
  for (let i = 0; i < posts.length; i += BATCH) {
    stored.push(
      ...(await db.post.createManyAndReturn({
        data: posts.slice(i, i + BATCH),
        select: { id: true, threadId: true, ipAddress: true, content: true, imageUrl: true },
      })),
    )
  }
  for (const [id, times] of bumps) await db.thread.update({ where: { id }, data: times })

  await seedPolls(
    db,
    boardId,
    stored.filter((_, i) => every.poll && i % every.poll === 3 % every.poll),
  )
  await seedBans(
    db,
    boardId,
    stored.filter((_, i) => every.ban && i % every.ban === 7 % every.ban),
  )

  return threads.map(({ id }) => ({ id, postIds: stored.filter((p) => p.threadId === id).map((p) => p.id) }))
}

async function seedPolls(db: Db, boardId: string, posts: { id: number; threadId: number }[]): Promise<void> {
  for (let i = 0; i < posts.length; i += BATCH) {
    const surveys = await db.survey.createManyAndReturn({
      data: posts.slice(i, i + BATCH).map((p, k) => ({
        postId: p.id,
        threadId: p.threadId,
        boardId,
        surveyType: (i + k) % 2 ? 'multiple' : 'single',
        question: `Poll on post ${p.id}?`,
      })),
      select: { id: true, surveyType: true },
    })
    const options = await db.surveyOption.createManyAndReturn({
      data: surveys.flatMap((s) =>
        ['Yes', 'No', 'Maybe'].map((optionText, o) => ({ surveyId: s.id, optionText, optionOrder: o + 1 })),
      ),
      select: { id: true, surveyId: true },
    })
    // A few voters per poll; multiple-choice voters pick two options.
    const responses = await db.surveyResponse.createManyAndReturn({
      data: surveys.flatMap((s) =>
        [0, 1, 2].slice(0, 1 + (s.id % 3)).map((v) => ({ surveyId: s.id, voterHash: voterHash(addressOf(v)) })),
      ),
      select: { id: true, surveyId: true },
    })
    const kind = new Map(surveys.map((s) => [s.id, s.surveyType]))
    const optionsOf = new Map<number, number[]>()
    for (const o of options) optionsOf.set(o.surveyId, [...(optionsOf.get(o.surveyId) ?? []), o.id])
    await db.surveyResponseOption.createMany({
      data: responses.flatMap((r) => {
        const opts = optionsOf.get(r.surveyId)!
        const picks = kind.get(r.surveyId) === 'multiple' ? [opts[r.id % 3], opts[(r.id + 1) % 3]] : [opts[r.id % 3]]
        return picks.map((optionId) => ({ responseId: r.id, optionId }))
      }),
    })
  }
}

async function seedBans(
  db: Db,
  boardId: string,
  posts: { id: number; threadId: number; ipAddress: string; content: string; imageUrl: string | null }[],
): Promise<void> {
  await db.ban.createMany({
    data: posts.map((p, i) => ({
      ipAddress: p.ipAddress,
      ipKey: ipKey(p.ipAddress),
      boardId,
      reason: `Rule ${1 + (i % 5)}`,
      expiresAt: i % 3 === 0 ? null : new Date(Date.now() + (1 + i) * 86_400_000),
      postContent: p.content,
      postImageUrl: p.imageUrl,
      threadId: p.threadId,
      postId: p.id,
      adminUsername: 'seed',
    })),
  })
}
