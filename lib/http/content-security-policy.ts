// The Content-Security-Policy of pages and API answers. Scripts run only from this origin or when the server
// issued them: pages rendered by Next carry a fresh nonce per response (Next reads it from the request's
// Content-Security-Policy header that server.ts sets and puts it on every script it emits), while pages kept by
// the page cache carry the SHA-256 hashes of their inline scripts, computed once when the page is stored. The
// cache serves one body to every visitor with precomputed gzip and brotli copies: a per-visitor nonce would mean
// rewriting and recompressing the page on every hit, whereas the hashes fit the unchanged body and stay with it.
// Styles allow 'unsafe-inline': React writes style attributes (progress bars, colours, chart sizes), and CSS
// cannot run script; the script rules are what stop injected markup.
import { createHash, randomBytes } from 'node:crypto'
import { getConfig } from '../config'

/** API answers are data: nothing in them may load, run or be framed. */
export const API_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

/** Where YouTube links play once a reader clicks them (components/post/youtube-embed.tsx). */
const YOUTUBE_EMBEDS = 'https://www.youtube-nocookie.com'

let mediaSources: string | undefined

/** Media comes from this origin, or from S3_PUBLIC_URL's origin when media lives in object storage. */
function mediaOrigins(): string {
  if (mediaSources === undefined) {
    const media = getConfig().media
    mediaSources = media.kind === 's3' ? ` ${new URL(media.publicUrl).origin}` : ''
  }
  return `'self'${mediaSources}`
}

/** A page's policy, with the script sources the server vouches for (a nonce or inline-script hashes). */
export function pagePolicy(scriptSources: string[]): string {
  // Next's development server evaluates modules with eval(); production never does.
  const evalInDev = getConfig().env === 'development' ? " 'unsafe-eval'" : ''
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptSources.join(' ')}${evalInDev}`.trimEnd(),
    "style-src 'self' 'unsafe-inline'",
    // blob: shows the posting forms' preview of a file the visitor picked, pasted or dropped (their own file).
    `img-src ${mediaOrigins()} blob:`,
    `media-src ${mediaOrigins()}`,
    // 'self' covers socket.io's polling requests and its ws:/wss: connection to the same host.
    "connect-src 'self'",
    `frame-src ${YOUTUBE_EMBEDS}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

export function newNonce(): string {
  return randomBytes(18).toString('base64')
}

export const nonceSource = (nonce: string) => `'nonce-${nonce}'`

/** The nonce a page policy names, for the page's own inline scripts (none in a page cache render's request). */
export function nonceOf(policy: string | null | undefined): string | undefined {
  return /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy ?? '')?.[1]
}

const OPEN = Buffer.from('<script')
const CLOSE = Buffer.from('</script')
const GT = 0x3e
const HAS_SRC = /\bsrc\s*=/i
// A data block (JSON a page carries for its scripts) is never run, so it needs no hash.
const DATA_BLOCK = /\btype\s*=\s*["']?application\/json/i

/** Whether the byte ends a tag name (`<script` in `<scripts>` is another element). */
const endsName = (byte: number | undefined) =>
  byte === undefined ||
  !((byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7a) || byte === 0x5f)
const isSpace = (byte: number) => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0c || byte === 0x0d

/** Where the first `</script\s*>` at or after `from` ends (the index after its `>`), and where it starts; or undefined. */
function closingTag(html: Buffer, from: number): { start: number; end: number } | undefined {
  for (let at = html.indexOf(CLOSE, from); at >= 0; at = html.indexOf(CLOSE, at + 1)) {
    let i = at + CLOSE.length
    while (i < html.length && isSpace(html[i])) i++
    if (html[i] === GT) return { start: at, end: i + 1 }
  }
  return undefined
}

/**
 * The hash sources of a page's inline scripts, as browsers compute them (over the UTF-8 text, line ends
 * normalised). The page's bytes are searched as they are, never decoded: turning a megabyte page into a string
 * cost ≈ 3–4 ms a render. Markup characters are ASCII and no byte of a multi-byte UTF-8 sequence is one, so the
 * tags found are the page's own and a script's bytes are hashed as they stand. Only lowercase `<script` tags are
 * found, which is how React writes them; a script written any other way gets no hash, so a browser refuses to run
 * it (the policy fails closed, never open).
 */
export function inlineScriptHashes(html: Buffer): string[] {
  const hashes = new Set<string>()
  for (let open = html.indexOf(OPEN); open >= 0;) {
    const nameEnd = open + OPEN.length
    const tagEnd = html.indexOf(GT, nameEnd)
    if (tagEnd < 0) break
    if (!endsName(html[nameEnd])) {
      open = html.indexOf(OPEN, nameEnd)
      continue
    }
    const close = closingTag(html, tagEnd + 1)
    if (!close) break
    const attributes = html.toString('latin1', nameEnd, tagEnd)
    if (!HAS_SRC.test(attributes) && !DATA_BLOCK.test(attributes)) {
      const text = html.subarray(tagEnd + 1, close.start)
      const body = text.includes(0x0d) ? Buffer.from(text.toString('latin1').replace(/\r\n?/g, '\n'), 'latin1') : text
      hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`)
    }
    open = html.indexOf(OPEN, close.end)
  }
  return [...hashes]
}

/** The policy of a finished HTML page that carries no nonce (a page of the page cache). */
export function policyForRenderedHtml(html: Buffer): string {
  return pagePolicy(inlineScriptHashes(html))
}
