// Atom 1.0 feeds of a board (its newest threads) and of a thread (its newest posts), written by the `feed`
// library. Every link is absolute, built on the site's public origin. Titles and contents are HTML (type="html"):
// user text goes through the markup renderer or escapeHtml before it reaches the document.
import { Feed } from 'feed'
import { boardFeedPath, FEED_ENTRIES, threadFeedPath } from './paths'
import type { PublicBoard } from '../boards/types'
import { getDb } from '../db/client'
import { escapeHtml, markupToHtml } from '../markup/html'
import { excerptOf } from '../markup/parse'
import { SPOILER_PLACEHOLDER_URL } from '../posts/spoiler'
import { threadFigures } from '../threads/catalog'
import { getThreadOrThrow } from '../threads/queries'

/** Characters XML 1.0 cannot carry at all, even escaped; posts may hold them, a feed leaves them out. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g

interface PostForFeed {
  id: number
  content: string
  createdAt: Date
  imageUrl: string | null
  thumbnailUrl: string | null
  fileType: string | null
  spoiler: boolean
}

const POST_FIELDS = {
  id: true,
  content: true,
  createdAt: true,
  imageUrl: true,
  thumbnailUrl: true,
  fileType: true,
  spoiler: true,
} as const

/** The post's file (as its thumbnail, when it has one) and its text, as HTML. */
function postHtml(post: PostForFeed, origin: string, hrefFor: (postId: number) => string): string {
  const parts: string[] = []
  if (post.imageUrl) {
    const file = escapeHtml(new URL(post.imageUrl, origin).href)
    // A spoiler shows the one neutral spoiler image, as on the pages.
    const thumbnail = post.spoiler ? SPOILER_PLACEHOLDER_URL : post.thumbnailUrl
    const inner = thumbnail
      ? `<img src="${escapeHtml(new URL(thumbnail, origin).href)}" alt="${post.spoiler ? 'Spoiler image' : escapeHtml(post.fileType ?? 'file')}"/>`
      : escapeHtml(`[${post.fileType ?? 'file'}]`)
    parts.push(`<p><a href="${file}">${inner}</a></p>`)
  }
  if (post.content) parts.push(`<p>${markupToHtml(post.content, hrefFor)}</p>`)
  return parts.join('\n')
}

function atom(feed: Feed): string {
  return feed.atom1().replace(NOT_XML, '')
}

function newFeed(options: { title: string; description: string; page: string; self: string; updated: Date }) {
  return new Feed({
    id: options.page,
    link: options.page,
    feedLinks: { atom: options.self },
    title: options.title,
    description: options.description,
    updated: options.updated,
    generator: 'Corkboard',
    author: { name: 'Anonymous' },
  })
}

/** The board's 50 newest threads (live or archived), each as its opening post. */
export async function boardFeed(board: PublicBoard, origin: string): Promise<string> {
  const db = await getDb()
  const threads = await db.thread.findMany({
    where: { boardId: board.id },
    orderBy: { id: 'desc' },
    take: FEED_ENTRIES,
  })
  const figures = await threadFigures(
    board.id,
    threads.map((t) => t.id),
  )
  const opIds = [...figures.values()].map((f) => f.opId)
  const ops = new Map(
    (await db.post.findMany({ where: { id: { in: opIds } }, select: { ...POST_FIELDS, threadId: true } })).map((p) => [
      p.threadId,
      p,
    ]),
  )
  const boardUrl = `${origin}/board/${board.id}`
  const feed = newFeed({
    title: `/${board.id}/ - ${board.name}`,
    description: board.description,
    page: boardUrl,
    self: origin + boardFeedPath(board.id),
    updated: threads[0]?.createdAt ?? new Date(),
  })
  for (const t of threads) {
    const op = ops.get(t.id)
    if (!op) continue // a thread mid-deletion
    const link = `${boardUrl}/thread/${t.id}`
    feed.addItem({
      id: link,
      link,
      title: escapeHtml(t.topic),
      date: t.createdAt,
      published: t.createdAt,
      content: postHtml(op, origin, (id) => (id === op.id ? `${link}#post-${id}` : `${origin}/post/${id}`)),
    })
  }
  return atom(feed)
}

/** The thread's 50 newest posts (its opening post among them while it is one of the 50). */
export async function threadFeed(board: PublicBoard, threadId: number, origin: string): Promise<string> {
  const thread = await getThreadOrThrow(board.id, threadId)
  const db = await getDb()
  const posts = await db.post.findMany({
    where: { threadId },
    orderBy: { id: 'desc' },
    take: FEED_ENTRIES,
    select: POST_FIELDS,
  })
  const threadUrl = `${origin}/board/${board.id}/thread/${threadId}`
  const inFeed = new Set(posts.map((p) => p.id))
  const hrefFor = (id: number) => (inFeed.has(id) ? `${threadUrl}#post-${id}` : `${origin}/post/${id}`)
  const feed = newFeed({
    title: `${thread.topic} - /${board.id}/`,
    description: `Posts in “${thread.topic}” on /${board.id}/ - ${board.name}`,
    page: threadUrl,
    self: origin + threadFeedPath(board.id, threadId),
    updated: posts[0]?.createdAt ?? new Date(thread.created_at),
  })
  for (const p of posts) {
    const link = `${threadUrl}#post-${p.id}`
    const words = excerptOf(p.content, 80)
    feed.addItem({
      id: link,
      link,
      title: escapeHtml(words ? `No. ${p.id}: ${words}` : `No. ${p.id}`),
      date: p.createdAt,
      published: p.createdAt,
      content: postHtml(p, origin, hrefFor),
    })
  }
  return atom(feed)
}
