// Seeds a site of a given number of posts for the growth bench, the way a real site accumulates them: the live part
// is the same at every size (a board holds at most 100 live threads), so the growth is archived threads (dead,
// kept for 48 hours before housekeeping deletes them), gaps left by deleted posts, bans and range bans in proportion.
// Archived threads are older than the live ones (lower ids, earlier times), as on a site that has been running.
// Rows are written as bench/seed.ts writes them (multi-row INSERTs through the app's driver adapter), so the search
// index is filled by the same triggers as the app's own writes.
import {
  content,
  COUNTRIES,
  insertRows,
  POST_COLUMNS,
  postRow,
  prng,
  seedImages,
  sentence,
  THREAD_COLUMNS,
  type Row,
} from './seed'
import { DEFAULT_BOARDS } from '../lib/boards/defaults'
import { seedDefaultBoards } from '../lib/boards/seed'
import { getConfig } from '../lib/config'
import { closeDb, getDb, type Db } from '../lib/db/client'
import { migrate } from '../lib/db/migrate'
import { BUMP_LIMIT, MAX_THREADS_PER_BOARD } from '../lib/limits'
import { ownerKeyHash } from '../lib/posters/identity'
import type { PostMedia } from '../lib/posts/attach-media'
import { DEAD_THREAD_RETENTION_MS } from '../lib/time'
import { withClient } from '../tests/helpers/database'

export const HOT_BOARD = 'science' // thread ids and country flags on: the heaviest kind of page
/** Full threads (300 posts) on the hot board: the cold renders rotate through them. */
export const FULL_THREADS = 6
// Live threads are short (1–9 posts) so that the live part fits the smallest size; it is the same at every size.
const LIVE_MAX_REPLIES = 8
// Archived threads: 20–300 posts.
const DEAD_MIN_POSTS = 20
// One hourly housekeeping run finds the threads whose 48 hours ended in the last hour: 1/48 of the archive.
const EXPIRED_SHARE = 1 / 48
const HOUR_MS = 3_600_000
// Deleted posts leave gaps in the ids: one post in fifty.
const DELETED_SHARE = 0.02
const POSTS_PER_BAN = 200
const POSTS_PER_RANGE_BAN = 5_000
const IMAGE_SHARE = 0.25
const SAGE_SHARE = 0.05

export interface GrowthSite {
  posts: number
  threads: number
  deadThreads: number
  expiredThreads: number
  bans: number
  rangeBans: number
  /** The full threads of the hot board. */
  fullThreads: number[]
  seconds: number
}

interface Builder {
  db: Db
  rand: () => number
  images: PostMedia['columns'][]
  threadRows: Row[]
  postRows: Row[]
  threadId: number
  postId: number
  posts: number
  chunkRows: number
}

/** One thread's rows: OP and replies spread from `createdAt` to `lastAt`. Returns its id. */
function addThread(
  b: Builder,
  board: (typeof DEFAULT_BOARDS)[number],
  postCount: number,
  createdAt: number,
  lastAt: number,
  dead: { diedAt: number } | null,
): number {
  const { rand } = b
  const id = ++b.threadId
  const gaps = Array.from({ length: postCount - 1 }, () => rand()).sort((x, y) => x - y)
  const times = [createdAt, ...gaps.map((g) => createdAt + Math.floor(g * (lastAt - createdAt)))]
  const posters = Array.from({ length: Math.max(2, Math.ceil(postCount / 3)) }, (_, i) => {
    const ip = `81.${(id >> 8) & 255}.${id & 255}.${(i % 250) + 1}`
    return { ip, ownerKeyHash: ownerKeyHash(`growth-poster-${id}-${i}`.padEnd(43, 'x')), country: COUNTRIES[i % 16] }
  })
  const ids: number[] = []
  let bumpedAt = createdAt
  for (let p = 0; p < postCount; p++) {
    const isOp = p === 0
    const poster = isOp ? posters[0] : posters[Math.floor(rand() * posters.length)]
    const dontBump = !isOp && rand() < SAGE_SHARE
    const media = isOp || rand() < IMAGE_SHARE ? b.images[Math.floor(rand() * b.images.length)] : undefined
    if (!isOp && rand() < DELETED_SHARE) b.postId++ // a deleted post: its id is gone
    const pid = ++b.postId
    b.postRows.push(
      postRow({
        id: pid,
        threadId: id,
        board,
        content: content(rand, ids.slice(-20)),
        at: times[p],
        isOp,
        dontBump,
        poster,
        media,
      }),
    )
    ids.push(pid)
    if (!dontBump && p < BUMP_LIMIT) bumpedAt = times[p]
  }
  b.threadRows.push([
    id,
    board.id,
    sentence(rand, 3 + Math.floor(rand() * 6)).slice(0, 100),
    new Date(createdAt),
    new Date(bumpedAt),
    postCount,
    dead !== null,
    dead ? new Date(dead.diedAt) : null,
  ])
  b.posts += postCount
  return id
}

async function flush(b: Builder, force = false): Promise<void> {
  if (!force && b.postRows.length < 20_000) return
  await insertRows(b.db, 'threads', [...THREAD_COLUMNS, 'is_dead', 'died_at'], b.threadRows, b.chunkRows)
  await insertRows(b.db, 'posts', POST_COLUMNS, b.postRows, b.chunkRows)
  b.threadRows = []
  b.postRows = []
}

/** Seeds `size` posts (± one thread) into the database DATABASE_URL points at. */
export async function seedGrowthSite(size: number, seed = 11): Promise<GrowthSite> {
  const started = performance.now()
  const config = getConfig()
  const postgres = config.database.provider === 'postgresql'
  await migrate(config.database)
  const db = await getDb()
  await seedDefaultBoards(db)
  const rand = prng(seed)
  const now = Date.now()
  // Parameters per statement: PostgreSQL takes 65,535, SQLite 32,766 (21 columns a post row).
  const b: Builder = {
    ...{ db, rand, images: await seedImages(4), threadRows: [], postRows: [] },
    ...{ threadId: 0, postId: 0, posts: 0, chunkRows: postgres ? 3_000 : 1_500 },
  }

  // The live part's size, drawn first so the archive can fill the rest.
  const liveCounts = DEFAULT_BOARDS.map((board) =>
    Array.from({ length: MAX_THREADS_PER_BOARD }, (_, t) =>
      board.id === HOT_BOARD && t < FULL_THREADS ? BUMP_LIMIT : 1 + Math.floor(rand() * (LIVE_MAX_REPLIES + 1)),
    ),
  )
  const livePosts = liveCounts.flat().reduce((a, c) => a + c, 0)
  if (size < livePosts) throw new Error(`the live threads alone hold ${livePosts} posts: choose a size above that`)

  // The archive: threads that died within the last 48 hours, plus the share whose retention ended in the last hour.
  let deadThreads = 0
  let expiredThreads = 0
  const dead: { board: number; posts: number; expired: boolean }[] = []
  for (let archived = 0; archived < size - livePosts; deadThreads++) {
    const posts = Math.min(
      size - livePosts - archived,
      DEAD_MIN_POSTS + Math.floor(rand() * rand() * (BUMP_LIMIT - DEAD_MIN_POSTS + 1)),
    )
    const expired = rand() < EXPIRED_SHARE
    if (expired) expiredThreads++
    dead.push({ board: deadThreads % DEFAULT_BOARDS.length, posts, expired })
    archived += posts
  }
  // Oldest first, so ids grow with time as they do on a live site.
  dead.sort((x, y) => Number(y.expired) - Number(x.expired))
  dead.forEach((d, i) => {
    const diedAt = d.expired
      ? now - DEAD_THREAD_RETENTION_MS - Math.floor(rand() * HOUR_MS)
      : now -
        DEAD_THREAD_RETENTION_MS +
        Math.floor(((i + 1) / (dead.length + 1)) * (DEAD_THREAD_RETENTION_MS - HOUR_MS))
    const createdAt = diedAt - 6 * HOUR_MS - Math.floor(rand() * 48 * HOUR_MS)
    addThread(b, DEFAULT_BOARDS[d.board], Math.max(1, d.posts), createdAt, diedAt - HOUR_MS, { diedAt })
  })
  await flush(b, true)

  const fullThreads: number[] = []
  for (const [i, board] of DEFAULT_BOARDS.entries()) {
    for (const [t, postCount] of liveCounts[i].entries()) {
      const createdAt = now - 60_000 - Math.floor(rand() * 3 * 86_400_000)
      const id = addThread(b, board, postCount, createdAt, now - 60_000, null)
      if (board.id === HOT_BOARD && t < FULL_THREADS) fullThreads.push(id)
    }
    await flush(b)
  }
  await flush(b, true)

  const bans = Math.max(1, Math.round(b.posts / POSTS_PER_BAN))
  const rangeBans = Math.max(2, Math.round(b.posts / POSTS_PER_RANGE_BAN))
  await seedBans(db, bans, rangeBans, b.postId, now, b.chunkRows)
  if (postgres) {
    // Explicit ids leave PostgreSQL's sequences behind; move them on so the app's inserts do not collide.
    await db.$executeRawUnsafe(`SELECT setval(pg_get_serial_sequence('threads', 'id'), ${b.threadId})`)
    await db.$executeRawUnsafe(`SELECT setval(pg_get_serial_sequence('posts', 'id'), ${b.postId})`)
  }
  await closeDb()
  // Fresh statistics, as autovacuum would have them on a live PostgreSQL site (the app never analyses SQLite); on
  // a connection of its own, as the app's statement timeout is shorter than ANALYZE of a million posts.
  // Then the bulk load is written out (a checkpoint), as it would long have been on a live site: otherwise the
  // first minutes of timing share the disk and the CPU with writing a gigabyte of dirty pages (the 1M run of
  // 26 November measured 2.6–4.5× its 10k figures that way, 1.0–1.2× once the same database had settled).
  if (postgres) await withClient(config.database.url, async (c) => c.query('ANALYZE').then(() => c.query('CHECKPOINT')))
  else await checkpointSqlite(config.database.url)
  return {
    posts: b.posts,
    threads: b.threadId,
    deadThreads,
    expiredThreads,
    bans,
    rangeBans,
    fullThreads,
    seconds: (performance.now() - started) / 1000,
  }
}

/** SQLite: the write-ahead log folded into the database file, as the app's own checkpoints leave it when idle. */
async function checkpointSqlite(url: string): Promise<void> {
  const { default: Database } = await import('better-sqlite3')
  const sqlite = new Database(url.replace(/^file:/, ''))
  try {
    sqlite.pragma('wal_checkpoint(TRUNCATE)')
  } finally {
    sqlite.close()
  }
}

const BAN_COLUMNS = ['ip_address', 'ip_key', 'board_id', 'reason', 'created_at', 'expires_at', 'is_active', 'post_id']
const RANGE_BAN_COLUMNS = ['ban_type', 'ban_value', 'board_id', 'reason', 'created_at', 'expires_at', 'is_active']

/** Bans as moderation leaves them: a third permanent, the others expired or running; a tenth lifted. */
async function seedBans(
  db: Db,
  bans: number,
  rangeBans: number,
  lastPostId: number,
  now: number,
  chunkRows: number,
): Promise<void> {
  const rows: Row[] = Array.from({ length: bans }, (_, i) => {
    const ip = `172.${16 + (i % 16)}.${(i >> 8) & 255}.${i & 255}`
    return [
      ip,
      ip,
      i % 4 === 0 ? null : DEFAULT_BOARDS[i % DEFAULT_BOARDS.length].id,
      'Spam',
      new Date(now - (i % 500) * HOUR_MS),
      i % 3 ? new Date(now + (i % 2 ? 1 : -1) * 86_400_000) : null,
      i % 10 !== 0,
      1 + ((i * 7919) % lastPostId),
    ]
  })
  await insertRows(db, 'bans', BAN_COLUMNS, rows, chunkRows)
  const ranges: Row[] = Array.from({ length: rangeBans }, (_, i) => [
    ['country', 'asn', 'ip_range'][i % 3],
    [`X${i % 26}`, String(64_500 + i), `198.${18 + ((i >> 8) & 1)}.${i & 255}.0/24`][i % 3],
    i % 5 === 0 ? null : DEFAULT_BOARDS[i % DEFAULT_BOARDS.length].id,
    'Abuse',
    new Date(now - i * HOUR_MS),
    null,
    i % 7 !== 0,
  ])
  await insertRows(db, 'range_bans', RANGE_BAN_COLUMNS, ranges, chunkRows)
}
