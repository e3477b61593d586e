// The JSON of public posts for the read API, made once per version of a post and kept with the HTML fragments
// (fragment-cache.ts): a thread list of 600 posts is then put together from kept strings instead of
// read, mapped and serialised again. After a post is written only its colour changes (staff), so the row's part
// is checked against the colour and the creation time (an id used again after a database is emptied is never
// taken for the old post). Ban marks and poll summaries change more often; they are read on every request, as
// before, and written in here. Each post's text is byte for byte JSON.stringify(toPublicPost(…)).
import { findFragment, keepFragment } from './fragment-cache'
import type { PostVersion } from '../posts/public-rows'
import { publicPostsByIds } from '../posts/public-rows'
import { type BanMark, banInfoOf, publicPostFields, type PublicPostRow } from '../posts/to-public'
import type { SurveySummary } from '../posts/types'

export interface PostJson {
  /** The post object. */
  post: string
  /** Opening posts only: `"content":…,"image_url":…,"file_type":…,"color":…`, which a thread summary repeats. */
  head: string
}

const versionOf = (p: { color: string; createdAt: Date }) => `${p.color}|${p.createdAt.getTime()}`

/**
 * The JSON of each post of `versions` still in the database (one read of the rows whose version is not kept).
 * `surveys` undefined leaves the survey key out, as toPublicPost does.
 */
export async function publicPostsJson(
  versions: PostVersion[],
  marks: Map<number, BanMark>,
  surveys: Map<number, SurveySummary> | undefined,
): Promise<Map<number, PostJson>> {
  const parts = new Map<number, { fields: string; head: string }>()
  const missing: number[] = []
  for (const v of versions) {
    const version = versionOf(v)
    const fields = findFragment(`api-post:${v.id}`, version)
    const head = v.isOp ? findFragment(`api-op-head:${v.id}`, version) : ''
    if (fields === undefined || head === undefined) missing.push(v.id)
    else parts.set(v.id, { fields, head })
  }
  // A post deleted since its version was read is not found here, and is left out as if it had not been listed.
  for (const row of await publicPostsByIds(missing)) parts.set(row.id, keep(row))

  const out = new Map<number, PostJson>()
  for (const [id, { fields, head }] of parts) {
    const ban = marks.get(id)
    const banned = ban
      ? `,"isBanned":true,"banInfo":${JSON.stringify(banInfoOf(ban))}`
      : ',"isBanned":false,"banInfo":null'
    const survey = surveys ? `,"survey":${JSON.stringify(surveys.get(id) ?? null)}` : ''
    out.set(id, { post: `${fields}${banned}${survey}}`, head })
  }
  return out
}

/** The row's parts, kept for its version: the object's fields without the closing brace, and an opening post's head. */
function keep(row: PublicPostRow): { fields: string; head: string } {
  const version = versionOf(row)
  const post = publicPostFields(row)
  const fields = keepFragment(`api-post:${row.id}`, version, JSON.stringify(post).slice(0, -1))
  if (!row.isOp) return { fields, head: '' }
  const { content, image_url, file_type, color } = post
  const head = JSON.stringify({ content, image_url, file_type, color }).slice(1, -1)
  return { fields, head: keepFragment(`api-op-head:${row.id}`, version, head) }
}
