// Voting: one response per voter (HMAC of the IP or IPv6 /64) per survey; a vote replaces
// the voter's whole option set atomically, a rescind deletes it. survey_vote goes out after commit.
import { getSurveyOrThrow } from './queries'
import { assertNotBanned } from '../bans/check'
import { getBoardOrThrow } from '../boards/queries'
import { getDb } from '../db/client'
import { ConflictError, NotFoundError, ValidationError } from '../errors'
import { publish } from '../events/bus'
import { voterHash } from '../posters/identity'
import { consume } from '../rate-limit/limits'

async function surveyForVoting(boardId: string, surveyId: number, ip: string) {
  await getBoardOrThrow(boardId)
  await assertNotBanned(boardId, ip)
  const survey = await getSurveyOrThrow(boardId, surveyId)
  const db = await getDb()
  const thread = await db.thread.findUnique({ where: { id: survey.threadId }, select: { isDead: true } })
  const existing = await db.surveyResponse.findUnique({
    where: { surveyId_voterHash: { surveyId, voterHash: voterHash(ip) } },
    select: { id: true },
  })
  return { survey, archived: Boolean(thread?.isDead), existing }
}

async function announce(survey: { id: number; postId: number; threadId: number; boardId: string }) {
  const db = await getDb()
  const totalResponses = await db.surveyResponse.count({ where: { surveyId: survey.id } })
  publish({
    name: 'survey_vote',
    payload: {
      surveyId: survey.id,
      postId: survey.postId,
      threadId: survey.threadId,
      boardId: survey.boardId,
      totalResponses,
    },
  })
}

export type OpenSurvey = Awaited<ReturnType<typeof surveyForVoting>>

/** Everything that answers before the vote's body is judged: board, ban, survey, archive, rate limit. */
export async function openSurveyForVote(boardId: string, surveyId: number, ip: string): Promise<OpenSurvey> {
  const open = await surveyForVoting(boardId, surveyId, ip)
  if (open.archived)
    throw new ConflictError(
      open.existing ? 'Cannot change votes in archived threads' : 'Cannot vote in archived threads',
    )
  await consume(ip, 'vote')
  return open
}

export async function vote({ survey, existing }: OpenSurvey, ip: string, optionIds: number[]) {
  const surveyId = survey.id
  const known = new Set(survey.options.map((o) => o.id))
  const invalid = optionIds.filter((id) => !known.has(id))
  if (invalid.length) throw new ValidationError([{ field: 'option_ids', message: 'Invalid option IDs', invalid }])
  if (survey.surveyType === 'single' && optionIds.length !== 1) {
    throw ValidationError.field('option_ids', 'Single choice survey requires exactly one option')
  }

  const db = await getDb()
  const hash = voterHash(ip)
  const now = new Date()
  // The upsert takes the response row's lock, so two votes by one voter apply one after the other; two first
  // votes racing to insert meet the unique (survey, voter) key, and the loser retries as an update.
  const replace = () =>
    db.$transaction(async (tx) => {
      const r = await tx.surveyResponse.upsert({
        where: { surveyId_voterHash: { surveyId, voterHash: hash } },
        create: { surveyId, voterHash: hash, createdAt: now, updatedAt: now },
        update: { updatedAt: now },
      })
      await tx.surveyResponseOption.deleteMany({ where: { responseId: r.id } })
      await tx.surveyResponseOption.createMany({ data: optionIds.map((optionId) => ({ responseId: r.id, optionId })) })
      return r
    })
  const response = await replace().catch((err) => {
    if ((err as { code?: string }).code === 'P2002') return replace()
    throw err
  })
  await announce(survey)
  const isUpdate = Boolean(existing) || response.createdAt.getTime() !== now.getTime()
  return {
    message: isUpdate ? 'Vote updated successfully' : 'Vote submitted successfully',
    response: {
      response_id: response.id,
      survey_id: surveyId,
      option_ids: [...optionIds].sort((a, b) => a - b),
      is_update: isUpdate,
    },
  }
}

export async function rescindVote(boardId: string, surveyId: number, ip: string) {
  const { survey, archived, existing } = await surveyForVoting(boardId, surveyId, ip)
  if (!existing) throw new NotFoundError('No vote found to rescind')
  if (archived) throw new ConflictError('Cannot change votes in archived threads')
  await consume(ip, 'vote')
  const db = await getDb()
  const { count } = await db.surveyResponse.deleteMany({ where: { surveyId, voterHash: voterHash(ip) } })
  if (!count) throw new NotFoundError('No vote found to rescind')
  await announce(survey)
  return { message: 'Vote rescinded successfully' }
}
