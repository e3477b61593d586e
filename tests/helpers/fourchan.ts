// Reading the 4chan-compatible API like a 4chan client: files validated against the JSON Schemas the project keeps
// for 4chan's format (lib/fourchan/contracts), and a walk from boards.json through every file and media link.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import Ajv, { type ValidateFunction } from 'ajv'
import { expect } from 'vitest'

const CONTRACTS = path.resolve(import.meta.dirname, '../../lib/fourchan/contracts')
// Strict about unknown keywords and formats. Not about the style of composed schemas: an allOf of a post and its
// extra rules names properties defined in the post, and a thread is a tuple of its opening post and then replies.
const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, strictTypes: false, strictTuples: false })
for (const file of readdirSync(CONTRACTS).filter((f) => f.endsWith('.schema.json')))
  ajv.addSchema(JSON.parse(readFileSync(path.join(CONTRACTS, file), 'utf8')))

export type FileKind = 'boards' | 'catalog' | 'threads' | 'index-page' | 'thread' | 'archive'

function validator(kind: FileKind): ValidateFunction {
  return ajv.getSchema(`https://corkboard.invalid/4chan/${kind}.schema.json`)!
}

/** The body of a 4chan file after checking status, type, headers and the file's schema. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function getFile(base: string, file: string, kind: FileKind, init?: RequestInit): Promise<any> {
  const res = await fetch(`${base}/api/4chan/${file}`, init)
  expect(res.status, file).toBe(200)
  expect(res.headers.get('content-type')).toMatch(/^application\/json/)
  expect(res.headers.get('last-modified')).toMatch(/GMT$/)
  expect(res.headers.get('access-control-allow-origin')).toBe('*')
  const body = await res.json()
  const validate = validator(kind)
  expect(validate(body) ? [] : validate.errors, `${file} against ${kind}.schema.json`).toEqual([])
  return body
}

export const md5Base64 = (bytes: Buffer) => createHash('md5').update(bytes).digest('base64')

export interface Walked {
  threads: number
  posts: number
  files: number
}

/**
 * boards.json → each board's catalog, threads.json, index pages and archive → every thread file → every file and
 * thumbnail: each link answers, quote links point into the file they are in (or name another thread's file), and
 * each file's bytes have the md5 the post gives.
 */
export async function walkAll(base: string): Promise<Walked> {
  const walked: Walked = { threads: 0, posts: 0, files: 0 }
  const { boards } = await getFile(base, 'boards.json', 'boards')
  for (const { board, per_page } of boards) {
    const catalog = await getFile(base, `${board}/catalog.json`, 'catalog')
    const list = await getFile(base, `${board}/threads.json`, 'threads')
    expect(list.map((p: { threads: { no: number }[] }) => p.threads.map((t) => t.no))).toEqual(
      catalog.map((p: { threads: { no: number }[] }) => p.threads.map((t) => t.no)),
    )
    for (const page of catalog) {
      expect(page.threads.length).toBeLessThanOrEqual(per_page)
      const index = await getFile(base, `${board}/${page.page}.json`, 'index-page')
      expect(index.threads.map((t: { posts: { no: number }[] }) => t.posts[0].no)).toEqual(
        page.threads.map((t: { no: number }) => t.no),
      )
    }
    const archived: number[] = await getFile(base, `${board}/archive.json`, 'archive')
    const numbers = [...catalog.flatMap((p: { threads: { no: number }[] }) => p.threads.map((t) => t.no)), ...archived]
    for (const no of numbers) {
      const { posts } = await getFile(base, `${board}/thread/${no}.json`, 'thread')
      walked.threads++
      expect(posts[0].no).toBe(no)
      expect(posts[0].replies).toBe(posts.length - 1)
      const inFile = new Set(posts.map((p: { no: number }) => p.no))
      for (const post of posts) {
        walked.posts++
        expect(post.resto).toBe(post === posts[0] ? 0 : no)
        for (const [, href] of (post.com ?? '').matchAll(/<a href="([^"]*)" class="quotelink">/g)) {
          const local = /^#p(\d+)$/.exec(href)
          if (local) expect(inFile.has(Number(local[1])), href).toBe(true)
          else expect(href).toMatch(/^\/[a-z0-9]+\/thread\/\d+#p\d+$/)
        }
        if (post.tim === undefined) continue
        const media = await fetch(`${base}/api/4chan/${board}/media/${post.tim}${post.ext}`)
        expect(media.status, `${post.tim}${post.ext}`).toBe(200)
        const bytes = Buffer.from(await media.arrayBuffer())
        expect(bytes.length).toBe(post.fsize)
        expect(md5Base64(bytes)).toBe(post.md5)
        const thumb = await fetch(`${base}/api/4chan/${board}/media/${post.tim}s.jpg`)
        expect(thumb.status, `${post.tim}s.jpg`).toBe(200)
        expect(thumb.headers.get('content-type')).toMatch(/^image\//)
        walked.files++
      }
    }
  }
  return walked
}
