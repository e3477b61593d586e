// Seeds the benchmark's database directly (not through the API, which would take minutes): the twelve default
// boards with 100 live threads each, 6–300 posts per thread, and two threads per board with exactly 300 posts.
// Rows match what lib/threads/create-thread.ts and lib/posts/create-reply.ts write (post_count, bump times, sage,
// thread_user_id, country_code, owner_key_hash, media columns from the real upload pipeline). Deterministic: the
// same seed gives the same site. Reads DATA_DIR and DATABASE_URL from process.env, so call it before the server starts.
import sharp from 'sharp'
import { DEFAULT_BOARDS } from '../lib/boards/defaults'
import { seedDefaultBoards } from '../lib/boards/seed'
import { getConfig } from '../lib/config'
import { closeDb, getDb, type Db } from '../lib/db/client'
import { migrate } from '../lib/db/migrate'
import { ownerKeyHash, threadUserId } from '../lib/posters/identity'
import { attachMedia, type PostMedia } from '../lib/posts/attach-media'

export const THREADS_PER_BOARD = 100
export const FULL_THREAD_POSTS = 300
const FULL_THREADS_PER_BOARD = 2
const MIN_REPLIES = 5
const MAX_REPLIES = FULL_THREAD_POSTS - 1
const IMAGE_REPLY_SHARE = 0.25
const SAGE_SHARE = 0.05
const INSERT_CHUNK = 500

export interface SeededThread {
  boardId: string
  threadId: number
  postCount: number
}
export interface SeededSite {
  threads: SeededThread[]
  posts: number
  images: number
  seconds: number
}

/** A small deterministic PRNG (mulberry32), so every run seeds the same site. */
export function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const WORDS = (
  'the a of and to in is it that for you this was on with as have be at not but are they what from one ' +
  'all there can if would about just like so do when out more some my think know people time good thread post board ' +
  'actually really because anyone source image picture again still never always better worse problem answer question ' +
  'build fix test run version update old new first last reply read write learn try work game film book food train ' +
  'science market price data system code server client network memory disk weekend morning tonight'
).split(' ')
export const COUNTRIES = [
  'US',
  'GB',
  'DE',
  'FR',
  'CA',
  'AU',
  'BR',
  'JP',
  'PL',
  'NL',
  'SE',
  'IT',
  'ES',
  'MX',
  'IN',
  'FI',
]

export function sentence(rand: () => number, words: number): string {
  const out: string[] = []
  for (let i = 0; i < words; i++) out.push(WORDS[Math.floor(rand() * WORDS.length)])
  const text = out.join(' ')
  return text[0].toUpperCase() + text.slice(1) + (rand() < 0.2 ? '?' : '.')
}

/** Post text like the site's: a few lines, sometimes a quote of an earlier post, sometimes greentext. */
export function content(rand: () => number, earlierIds: number[]): string {
  const lines: string[] = []
  if (earlierIds.length && rand() < 0.35) lines.push(`>>${earlierIds[Math.floor(rand() * earlierIds.length)]}`)
  if (rand() < 0.15) lines.push(`>${sentence(rand, 3 + Math.floor(rand() * 8))}`)
  const paragraphs = 1 + Math.floor(rand() * 3)
  for (let i = 0; i < paragraphs; i++) lines.push(sentence(rand, 4 + Math.floor(rand() * 30)))
  return lines.join('\n')
}

/** Photos of a few hundred KB, through the app's own upload pipeline (re-encode, thumbnail, storage). */
export async function seedImages(count: number): Promise<PostMedia['columns'][]> {
  const out: PostMedia['columns'][] = []
  for (let i = 0; i < count; i++) {
    const bytes = await benchPhoto(800 + 64 * i, 600)
    out.push((await attachMedia({ buffer: bytes, filename: `photo-${i}.jpg`, declaredType: 'image/jpeg' })).columns)
  }
  return out
}

/** A photo-like JPEG: blurred noise (new on every call), so it compresses like a photo rather than a flat test card. */
export function benchPhoto(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 120, sigma: 40 } },
  })
    .blur(1.2)
    .jpeg({ quality: 85 })
    .toBuffer()
}

export type Row = (string | number | boolean | Date | null)[]
export const THREAD_COLUMNS = ['id', 'board_id', 'topic', 'created_at', 'updated_at', 'post_count']
export const MEDIA_COLUMNS = [
  'imageUrl',
  'mediaKey',
  'thumbnailUrl',
  'thumbnailKey',
  'fileType',
  'mediaMime',
  'mediaSize',
  'mediaWidth',
  'mediaHeight',
  'mediaOrigName',
] as const
export const POST_COLUMNS = [
  'id',
  'thread_id',
  'board_id',
  'content',
  'created_at',
  'is_op',
  'dont_bump',
  'ip_address',
  'owner_key_hash',
  'thread_user_id',
  'country_code',
  'image_url',
  'media_key',
  'thumbnail_url',
  'thumbnail_key',
  'file_type',
  'media_mime',
  'media_size',
  'media_width',
  'media_height',
  'media_original_name',
]

/** A seeded post as a row of POST_COLUMNS, with the poster id and flag its board shows. */
export function postRow(post: {
  id: number
  threadId: number
  board: { id: string; threadIdsEnabled: boolean; countryFlagsEnabled: boolean }
  content: string
  at: number
  isOp: boolean
  dontBump: boolean
  poster: { ip: string; ownerKeyHash: string; country: string }
  media?: PostMedia['columns']
}): Row {
  const { board, poster, media } = post
  return [
    post.id,
    post.threadId,
    board.id,
    post.content,
    new Date(post.at),
    post.isOp,
    post.dontBump,
    poster.ip,
    poster.ownerKeyHash,
    board.threadIdsEnabled ? threadUserId(post.threadId, poster.ip) : null,
    board.countryFlagsEnabled ? poster.country : null,
    ...MEDIA_COLUMNS.map((c) => media?.[c] ?? null),
  ]
}

/**
 * Multi-row INSERTs in chunks. Prisma's createMany costs about a millisecond a row here; raw statements go through
 * the same driver adapter, which stores dates and booleans exactly as the app's own writes do.
 */
export async function insertRows(
  db: Db,
  table: string,
  columns: string[],
  rows: Row[],
  chunkRows = INSERT_CHUNK,
): Promise<void> {
  const postgres = getConfig().database.provider === 'postgresql'
  for (let i = 0; i < rows.length; i += chunkRows) {
    const chunk = rows.slice(i, i + chunkRows)
    let n = 0
    const values = chunk.map((row) => `(${row.map(() => (postgres ? `$${++n}` : '?')).join(',')})`).join(',')
    await db.$executeRawUnsafe(`INSERT INTO ${table} (${columns.join(',')}) VALUES ${values}`, ...chunk.flat())
  }
}

export async function seedSite(seed = 7): Promise<SeededSite> {
  const started = performance.now()
  const config = getConfig()
  await migrate(config.database)
  const db = await getDb()
  await seedDefaultBoards(db)
  const rand = prng(seed)
  const images = await seedImages(4)
  const now = Date.now()
  const threads: SeededThread[] = []
  let threadId = 0
  let postId = 0
  let posts = 0

  for (const board of DEFAULT_BOARDS) {
    const threadRows: Row[] = []
    const postRows: Row[] = []
    for (let t = 0; t < THREADS_PER_BOARD; t++) {
      const id = ++threadId
      const postCount =
        t < FULL_THREADS_PER_BOARD
          ? FULL_THREAD_POSTS
          : 1 + MIN_REPLIES + Math.floor(rand() * (MAX_REPLIES - MIN_REPLIES + 1))
      // Threads began within the last three days; their posts are spread from then until a minute ago.
      const createdAt = now - 60_000 - Math.floor(rand() * 3 * 86_400_000)
      const gaps = Array.from({ length: postCount - 1 }, () => rand()).sort((a, b) => a - b)
      const times = [createdAt, ...gaps.map((g) => createdAt + Math.floor(g * (now - 60_000 - createdAt)))]
      // About one poster per three posts, each with one address (a poster id per thread) and one poster key.
      const posters = Array.from({ length: Math.max(2, Math.ceil(postCount / 3)) }, (_, i) => {
        const ip = `81.${(id >> 8) & 255}.${id & 255}.${i + 1}`
        return {
          ip,
          ownerKeyHash: ownerKeyHash(`bench-poster-${id}-${i}`.padEnd(43, 'x')),
          country: COUNTRIES[Math.floor(rand() * COUNTRIES.length)],
        }
      })
      const ids: number[] = []
      let bumpedAt = createdAt
      for (let p = 0; p < postCount; p++) {
        const isOp = p === 0
        const poster = isOp ? posters[0] : posters[Math.floor(rand() * posters.length)]
        const dontBump = !isOp && rand() < SAGE_SHARE
        const media = isOp || rand() < IMAGE_REPLY_SHARE ? images[Math.floor(rand() * images.length)] : undefined
        const pid = ++postId
        postRows.push(
          postRow({
            id: pid,
            threadId: id,
            board,
            content: content(rand, ids),
            at: times[p],
            isOp,
            dontBump,
            poster,
            media,
          }),
        )
        ids.push(pid)
        if (!dontBump) bumpedAt = times[p]
      }
      threadRows.push([
        id,
        board.id,
        sentence(rand, 3 + Math.floor(rand() * 6)).slice(0, 100),
        new Date(createdAt),
        new Date(bumpedAt),
        postCount,
      ])
      threads.push({ boardId: board.id, threadId: id, postCount })
      posts += postCount
    }
    await insertRows(db, 'threads', THREAD_COLUMNS, threadRows)
    await insertRows(db, 'posts', POST_COLUMNS, postRows)
  }
  if (config.database.provider === 'postgresql') {
    // Explicit ids leave PostgreSQL's sequences behind; move them on so the app's inserts do not collide.
    await db.$executeRawUnsafe(`SELECT setval(pg_get_serial_sequence('threads', 'id'), ${threadId})`)
    await db.$executeRawUnsafe(`SELECT setval(pg_get_serial_sequence('posts', 'id'), ${postId})`)
  }
  await closeDb()
  return { threads, posts, images: images.length, seconds: (performance.now() - started) / 1000 }
}
