// Replying: board → ban → thread → archived (live threads are remembered: live-threads.ts) → rate limit (checked) →
// captcha → file size → fields → word filters → media type → banned files → rate limit (counted), then the reply
// stored all or nothing (store-reply.ts): a duplicate text or file refused (lib/duplicates), the thread counted and
// bumped under its row lock so the bump rule (a sage, or a reply to a thread past the bump limit, does not bump) and
// the post count stay exact under concurrent replies, the post and its statistics row. A refused reply's stored file
// is discarded. post_created goes out after commit. Its statements are plain SQL on the driver (rawSql:
// lib/db/driver-sql.ts), the hottest write's way past the ORM client's per-statement cost.
import { attachMedia, type PostMedia } from './attach-media'
import { replyFields } from './fields'
import { liveReplyTarget } from './live-threads'
import { newPostRow } from './new-post-row'
import { ARCHIVED, storeReply } from './store-reply'
import { toPublicPost } from './to-public'
import { refuseBannedFiles } from '../banned-files/check'
import { assertNotBannedUnless } from '../bans/check'
import { getBoardOrThrow } from '../boards/queries'
import { requireCaptcha } from '../captcha/require'
import { rawSql } from '../db/client'
import { ConflictError, NotFoundError } from '../errors'
import { publish } from '../events/bus'
import { applyFilters } from '../filters/apply'
import { countryCodeFor } from '../geo/country'
import type { PosterInput } from '../http/posting'
import { REPLY_CONTENT_MAX } from '../limits'
import { assertNotExhausted, consume, countedIfRefused } from '../rate-limit/limits'
import { postEventRow } from '../stats/post-events'

export interface CreateReplyInput extends PosterInput {
  boardId: string
  threadId: number
}

export async function createReply({
  boardId,
  threadId,
  ip,
  posterKey,
  banExempt,
  captchaExempt,
  ...input
}: CreateReplyInput) {
  const board = await getBoardOrThrow(boardId)
  await assertNotBannedUnless(boardId, ip, banExempt)
  const existing = await liveReplyTarget(await rawSql(), threadId)
  if (!existing || existing.boardId !== boardId) throw new NotFoundError('Thread not found')
  if (existing.isDead) throw new ConflictError(ARCHIVED)
  // The limits are checked (not counted) before the body is read, so a visitor at the limit keeps a solved captcha
  // and sends no file for nothing. A request refused by validation, or whose body cannot be read, still counts; a
  // refused captcha does not; a file refused for its content (415) does not either, so a visitor who picked the
  // wrong file can try another at once. A banned file does count (below).
  await assertNotExhausted(ip, 'postCreate')
  const readForm = await requireCaptcha({
    mode: board.captcha,
    kind: 'reply',
    readForm: input.readForm,
    countRefusedRead: (read) => countedIfRefused(ip, ['postCreate'], read),
    exempt: captchaExempt,
  })
  const { form, content, sage, spoiler } = await countedIfRefused(ip, ['postCreate'], async () => {
    const form = await readForm()
    const { content, sage, spoiler } = replyFields(form.fields, Boolean(form.file))
    const filtered = await applyFilters({
      boardId,
      ip,
      topic: '',
      content,
      maxTopic: 0,
      maxContent: REPLY_CONTENT_MAX,
      banExempt,
    })
    return { form, sage, spoiler, content: filtered.content }
  })
  // A banned file counts like a post (a 415 does not, above), so it cannot be re-sent at the general API limit.
  const refuseBanned = refuseBannedFiles({ boardId, ip, banExempt })
  const media: PostMedia | null = form.file
    ? await attachMedia(form.file, (upload) => countedIfRefused(ip, ['postCreate'], () => refuseBanned(upload)))
    : null
  await consume(ip, 'postCreate').catch(async (err) => {
    await media?.discard()
    throw err
  })
  const country = await countryCodeFor(ip)
  const statsRow = await postEventRow(boardId, ip, country)

  const { post, postCount, bumped } = await storeReply({
    row: newPostRow(
      board,
      threadId,
      { ip, posterKey, country },
      { content, createdAt: new Date(), isOp: false, spoiler },
      media,
    ),
    sage,
    event: statsRow,
  }).catch(async (err) => {
    await media?.discard()
    throw err
  })
  await media?.committed()
  const publicPost = toPublicPost(post, undefined, null) // a new post has no poll yet
  publish({
    name: 'post_created',
    payload: { postId: post.id, threadId, boardId, postCount, bumped, post: publicPost },
  })
  return { postId: post.id, threadId, boardId }
}
