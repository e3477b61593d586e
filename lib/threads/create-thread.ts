// Creating a thread: board → ban → rate limit (checked) → captcha → file size → fields → word filters → media type → banned files → rate limit (counted),
// then one transaction that inserts the thread and its opening post and applies the thread cap. Events go out after
// commit; a failure at any point leaves no row and no file behind (so a duplicate, refused first in the transaction).
import { applyThreadCap } from './thread-cap'
import { refuseBannedFiles } from '../banned-files/check'
import { assertNotBannedUnless } from '../bans/check'
import { getBoardOrThrow } from '../boards/queries'
import { requireCaptcha } from '../captcha/require'
import { getDb } from '../db/client'
import { lockRow } from '../db/locks'
import { assertNotDuplicate } from '../duplicates/check'
import { publish } from '../events/bus'
import { applyFilters } from '../filters/apply'
import { countryCodeFor } from '../geo/country'
import type { PosterInput } from '../http/posting'
import { OP_CONTENT_MAX, TOPIC_MAX } from '../limits'
import { lockMediaFiles } from '../media/file-locks'
import { attachMedia } from '../posts/attach-media'
import { threadFields } from '../posts/fields'
import { insertPost } from '../posts/insert-post'
import { newPostRow } from '../posts/new-post-row'
import { assertNotExhausted, consume, countedIfRefused } from '../rate-limit/limits'
import { insertPostEvent, postEventRow } from '../stats/post-events'

export interface CreateThreadInput extends PosterInput {
  boardId: string
}

export async function createThread({ boardId, ip, posterKey, banExempt, captchaExempt, ...input }: CreateThreadInput) {
  const board = await getBoardOrThrow(boardId)
  await assertNotBannedUnless(boardId, ip, banExempt)
  // The limits are checked (not counted) before the body is read, so a visitor at the limit keeps a solved captcha
  // and sends no file for nothing. A request refused by validation, or whose body cannot be read, still counts; a
  // refused captcha does not; a file refused for its content (415) does not either, so a visitor who picked the
  // wrong file can try another at once. A banned file does count (below).
  await assertNotExhausted(ip, 'threadCreate', 'postCreate')
  const readForm = await requireCaptcha({
    mode: board.captcha,
    kind: 'thread',
    readForm: input.readForm,
    countRefusedRead: (read) => countedIfRefused(ip, ['threadCreate', 'postCreate'], read),
    exempt: captchaExempt,
  })
  const { form, topic, content, spoiler } = await countedIfRefused(ip, ['threadCreate', 'postCreate'], async () => {
    const form = await readForm()
    const { topic, content, spoiler } = threadFields(form.fields, Boolean(form.file))
    const filtered = await applyFilters({
      boardId,
      ip,
      topic,
      content,
      maxTopic: TOPIC_MAX,
      maxContent: OP_CONTENT_MAX,
      banExempt,
    })
    return { form, spoiler, ...filtered }
  })
  // A banned file counts like a post (a 415 does not, above), so it cannot be re-sent at the general API limit.
  const refuseBanned = refuseBannedFiles({ boardId, ip, banExempt })
  const media = await attachMedia(form.file!, (upload) =>
    countedIfRefused(ip, ['threadCreate', 'postCreate'], () => refuseBanned(upload)),
  )
  await consume(ip, 'threadCreate', 'postCreate').catch(async (err) => {
    await media.discard()
    throw err
  })

  const country = await countryCodeFor(ip)
  const db = await getDb()
  const now = new Date()
  const statsRow = await postEventRow(boardId, ip, country, now)
  const { thread, post, died } = await db
    .$transaction(async (tx) => {
      const unique = await assertNotDuplicate(tx, {
        boardId,
        threadId: null,
        content,
        mediaKey: media.columns.mediaKey,
      })
      await lockMediaFiles(tx, [media.columns.mediaKey, media.columns.thumbnailKey], 'shared')
      await lockRow(tx, 'boards', boardId)
      const thread = await tx.thread.create({ data: { boardId, topic, createdAt: now, updatedAt: now, postCount: 1 } })
      const post = await insertPost(tx, {
        ...newPostRow(
          board,
          thread.id,
          { ip, posterKey, country },
          { content, createdAt: now, isOp: true, spoiler },
          media,
        ),
        dontBump: false,
        textHash: unique.textHash,
      })
      await insertPostEvent(tx, statsRow)
      const died = await applyThreadCap(tx, boardId, now)
      return { thread, post, died }
    })
    .catch(async (err) => {
      await media.discard()
      throw err
    })
  await media.committed()
  publish(
    {
      name: 'thread_created',
      payload: { threadId: thread.id, boardId, postId: post.id, topic, createdAt: now.toISOString() },
    },
    ...died.map((d) => ({ name: 'thread_died' as const, payload: d })),
  )
  return { threadId: thread.id, postId: post.id, boardId }
}
