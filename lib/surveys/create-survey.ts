// Attaching a poll to a post: board → ban → thread → post → archived → owner → existing →
// rate limit → body. Only the post's owner (poster key) may attach one, once.
import { toSurveyDto } from './queries'
import { assertNotBanned } from '../bans/check'
import { getBoardOrThrow } from '../boards/queries'
import { getDb } from '../db/client'
import { ConflictError, ForbiddenError, NotFoundError } from '../errors'
import type { NewSurvey } from './schemas'
import { publish } from '../events/bus'
import { isOwner } from '../posters/identity'
import { consume } from '../rate-limit/limits'

export interface SurveyTarget {
  boardId: string
  threadId: number
  postId: number
}

/** Everything that answers before the poll's body is judged, in this order. `posterKey` is the cb_poster cookie's. */
export async function assertMayAttachSurvey(
  { boardId, threadId, postId }: SurveyTarget,
  ip: string,
  posterKey: string | null,
) {
  await getBoardOrThrow(boardId)
  await assertNotBanned(boardId, ip)
  const db = await getDb()
  const thread = await db.thread.findUnique({ where: { id: threadId }, select: { boardId: true, isDead: true } })
  if (!thread || thread.boardId !== boardId) throw new NotFoundError('Thread not found')
  const post = await db.post.findUnique({
    where: { id: postId },
    select: { threadId: true, ownerKeyHash: true, survey: { select: { id: true } } },
  })
  if (!post || post.threadId !== threadId) throw new NotFoundError('Post not found')
  if (thread.isDead) throw new ConflictError('Cannot create surveys in archived threads')
  if (!isOwner(posterKey, post.ownerKeyHash)) throw new ForbiddenError('Only the post owner can attach a survey')
  if (post.survey) throw new ConflictError('Post already has a survey attached')
  await consume(ip, 'surveyCreate')
}

export async function createSurvey(
  { boardId, threadId, postId }: SurveyTarget,
  { survey_type: surveyType, question, options }: NewSurvey,
) {
  const db = await getDb()
  try {
    const survey = await db.survey.create({
      data: {
        postId,
        threadId,
        boardId,
        surveyType,
        question,
        options: { create: options.map((optionText, i) => ({ optionText, optionOrder: i + 1 })) },
      },
      include: { options: { orderBy: { optionOrder: 'asc' } }, _count: { select: { responses: true } } },
    })
    publish({ name: 'survey_created', payload: { boardId, threadId, postId } })
    return toSurveyDto(survey)
  } catch (err) {
    // Two attach requests at once: the unique post_id lets one through.
    if ((err as { code?: string }).code === 'P2002') throw new ConflictError('Post already has a survey attached')
    throw err
  }
}
