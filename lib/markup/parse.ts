import { parsedMarkup } from './parse-memo'

// Post markup: a line starting with a single ">" is a green quote, a line starting with "<"
// is red text, ">>123" links to a post, [spoiler]…[/spoiler] hides text, YouTube links become click-to-load
// embeds and other http(s) links become plain links. The parser returns data, never HTML: components render
// it with React, so user text is always escaped.

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'ref'; postId: number }
  | { type: 'spoiler'; children: Inline[] }
  | { type: 'link'; href: string }
  | { type: 'youtube'; videoId: string; href: string }

export interface Line {
  kind: 'plain' | 'quote' | 'red'
  children: Inline[]
}

const SPOILER = /\[spoiler\]([\s\S]*?)\[\/spoiler\]/gi
const TOKEN = /(>>([1-9][0-9]{0,9})(?![0-9]))|(https?:\/\/[^\s<>"'\]\[]+)/g
const YOUTUBE = [
  /^https?:\/\/(?:www\.|m\.)?youtube\.com\/watch\?(?:[^#\s]*&)?v=([A-Za-z0-9_-]{11})/,
  /^https?:\/\/youtu\.be\/([A-Za-z0-9_-]{11})/,
  /^https?:\/\/(?:www\.)?youtube(?:-nocookie)?\.com\/(?:embed|v|shorts)\/([A-Za-z0-9_-]{11})/,
]

export function youtubeId(url: string): string | null {
  for (const re of YOUTUBE) {
    const m = re.exec(url)
    if (m) return m[1]
  }
  return null
}

function tokens(text: string): Inline[] {
  const out: Inline[] = []
  let last = 0
  for (const m of text.matchAll(TOKEN)) {
    if (m.index! > last) out.push({ type: 'text', text: text.slice(last, m.index) })
    if (m[2]) {
      out.push({ type: 'ref', postId: Number(m[2]) })
    } else {
      // Trailing punctuation usually ends the sentence, not the URL.
      const href = m[3].replace(/[.,;:!?)]+$/, '')
      const id = youtubeId(href)
      out.push(id ? { type: 'youtube', videoId: id, href } : { type: 'link', href })
      if (href.length < m[3].length) out.push({ type: 'text', text: m[3].slice(href.length) })
    }
    last = m.index! + m[0].length
  }
  if (last < text.length) out.push({ type: 'text', text: text.slice(last) })
  return out
}

function inline(text: string): Inline[] {
  const out: Inline[] = []
  let last = 0
  for (const m of text.matchAll(SPOILER)) {
    if (m.index! > last) out.push(...tokens(text.slice(last, m.index)))
    out.push({ type: 'spoiler', children: tokens(m[1]) })
    last = m.index! + m[0].length
  }
  if (last < text.length) out.push(...tokens(text.slice(last)))
  return out
}

/**
 * A post's markup, parsed once per distinct text and process: a page render parses every post it shows (twice for
 * a thread: its cross-thread references, then its body), and a post's text never changes once written. Keyed by
 * the text itself, so no write can make an entry wrong and nothing needs invalidating. The result is shared:
 * callers only read it.
 */
export function parseMarkup(content: string): Line[] {
  return parsedMarkup(content, parseLines)
}

function parseLines(content: string): Line[] {
  return content.split('\n').map((raw) => {
    const kind: Line['kind'] =
      raw.startsWith('>') && !raw.startsWith('>>') ? 'quote' : raw.startsWith('<') ? 'red' : 'plain'
    return { kind, children: inline(raw) }
  })
}

/** Post ids referenced with >>id, in order of first appearance. */
export function referencedPostIds(content: string): number[] {
  const ids: number[] = []
  const walk = (nodes: Inline[]) =>
    nodes.forEach((n) => {
      if (n.type === 'ref' && !ids.includes(n.postId)) ids.push(n.postId)
      if (n.type === 'spoiler') walk(n.children)
    })
  parseMarkup(content).forEach((l) => walk(l.children))
  return ids
}

const referencesOfPost = new WeakMap<object, { content: string; ids: readonly number[] }>()

/**
 * referencedPostIds of a post's text, kept with the post object: a thread page asks for each post's three times a
 * render (its links to other threads, each post's replies, the post's own links), and the page cache hands the
 * same post objects from one version of a page to the next (lib/threads/queries.ts, listThreadPostsReusing).
 */
export function postReferences(post: { content: string }): readonly number[] {
  const kept = referencesOfPost.get(post)
  if (kept?.content === post.content) return kept.ids
  const ids = referencedPostIds(post.content)
  referencesOfPost.set(post, { content: post.content, ids })
  return ids
}

/** Display truncation: the first `maxChars` code points or `maxLines` lines, whichever is shorter. */
export function truncate(content: string, maxChars: number, maxLines: number): { text: string; truncated: boolean } {
  const lines = content.split('\n')
  let text = lines.length > maxLines ? lines.slice(0, maxLines).join('\n') : content
  const chars = Array.from(text)
  if (chars.length > maxChars) text = chars.slice(0, maxChars).join('')
  return { text, truncated: text.length < content.length }
}

export const CUTS = {
  op: { chars: 2000, lines: 20 },
  reply: { chars: 500, lines: 10 },
  preview: { chars: 200, lines: Infinity },
} as const

/**
 * The first words of a post on one line, for lists and feeds: spoilered text is replaced by "[spoiler]" so an
 * excerpt never reveals it; cut at a word boundary near `max` characters.
 */
export function excerptOf(content: string, max = 150): string {
  const flat = content.replace(SPOILER, ' [spoiler] ').replace(/\s+/g, ' ').trim()
  if (flat.length <= max) return flat
  const cut = flat.slice(0, max)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`
}
