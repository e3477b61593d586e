// Survey reads: the survey with options and the caller's response, results and correlations.
// Results and summaries of many surveys come from grouped queries, so pages render them in a fixed number of
// statements. Response counts of many polls are grouped over just their responses: Prisma's `_count` include
// joins a count of the whole survey_responses table, which PostgreSQL narrows only for a poll read by its key.
import { getDb, type Db, type Prisma, rawSql } from '../db/client'
import { inIds, sqlText } from '../db/driver-sql'
import { NotFoundError, ValidationError } from '../errors'
import {
  type Correlation,
  type SurveyDto,
  type SurveyResults,
  type SurveyType,
  type UserResponse,
  percentage,
} from './types'
import { voterHash } from '../posters/identity'
import type { SurveySummary } from '../posts/types'

const SURVEY_INCLUDE = {
  options: { orderBy: { optionOrder: 'asc' } },
  _count: { select: { responses: true } },
} as const

type SurveyRow = NonNullable<Awaited<ReturnType<typeof findSurvey>>>

function findSurvey(db: Db, where: { id: number } | { postId: number }) {
  return db.survey.findUnique({ where, include: SURVEY_INCLUDE })
}

export function toSurveyDto(s: SurveyRow): SurveyDto {
  return {
    id: s.id,
    post_id: s.postId,
    thread_id: s.threadId,
    board_id: s.boardId,
    survey_type: s.surveyType as SurveyType,
    question: s.question,
    created_at: s.createdAt.toISOString(),
    is_active: s.isActive,
    response_count: s._count.responses,
    options: s.options.map((o) => ({ id: o.id, option_text: o.optionText, option_order: o.optionOrder })),
  }
}

/** The survey of a board's survey id; another board's survey answers like a missing one. */
export async function getSurveyOrThrow(boardId: string, surveyId: number) {
  const db = await getDb()
  const survey = await findSurvey(db, { id: surveyId })
  if (!survey || survey.boardId !== boardId) throw new NotFoundError('Survey not found')
  return survey
}

export async function userResponse(surveyId: number, ip: string): Promise<UserResponse | null> {
  const db = await getDb()
  const r = await db.surveyResponse.findUnique({
    where: { surveyId_voterHash: { surveyId, voterHash: voterHash(ip) } },
    include: { selections: { orderBy: { optionId: 'asc' } } },
  })
  return (
    r && {
      response_id: r.id,
      selected_options: r.selections.map((s) => s.optionId),
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    }
  )
}

/** GET …/posts/{postId}/survey: 404s in the documented order, then the survey with the caller's response. */
export async function getPostSurvey(boardId: string, threadId: number, postId: number, ip: string) {
  const db = await getDb()
  const thread = await db.thread.findUnique({ where: { id: threadId }, select: { boardId: true } })
  if (!thread || thread.boardId !== boardId) throw new NotFoundError('Thread not found')
  const post = await db.post.findUnique({ where: { id: postId }, select: { threadId: true } })
  if (!post || post.threadId !== threadId) throw new NotFoundError('Post not found')
  const survey = await findSurvey(db, { postId })
  if (!survey) throw new NotFoundError('Survey not found')
  return { ...toSurveyDto(survey), user_response: await userResponse(survey.id, ip) }
}

/** Results of several surveys at once (one grouped count of votes for all of them). */
export function resultsFor(surveyIds: number[]): Promise<Map<number, SurveyResults>> {
  return surveyIds.length ? resultsWhere({ id: { in: surveyIds } }) : Promise.resolve(new Map())
}

/** Results of every poll in a thread: selected by thread, so any number of polls costs the same statements. */
export function resultsInThread(threadId: number): Promise<Map<number, SurveyResults>> {
  return resultsWhere({ threadId })
}

async function resultsWhere(where: Prisma.SurveyWhereInput): Promise<Map<number, SurveyResults>> {
  const db = await getDb()
  const surveys = await db.survey.findMany({ where, include: { options: { orderBy: { optionOrder: 'asc' } } } })
  // Most threads have no poll: their page then skips the two vote counts (≈ 1.5 ms of the ORM's CPU together).
  if (!surveys.length) return new Map()
  const [responses, counts] = await Promise.all([
    responseCounts(db, where),
    db.surveyResponseOption.groupBy({ by: ['optionId'], where: { option: { survey: where } }, _count: { _all: true } }),
  ])
  const votes = new Map(counts.map((c) => [c.optionId, c._count._all]))
  return new Map(
    surveys.map((s) => {
      const total = responses.get(s.id) ?? 0
      return [
        s.id,
        {
          id: s.id,
          survey_id: s.id,
          post_id: s.postId,
          thread_id: s.threadId,
          board_id: s.boardId,
          survey_type: s.surveyType as SurveyType,
          question: s.question,
          is_active: s.isActive,
          total_responses: total,
          results: s.options.map((o) => {
            const v = votes.get(o.id) ?? 0
            return {
              option_id: o.id,
              option_text: o.optionText,
              option_order: o.optionOrder,
              vote_count: v,
              percentage: percentage(v, total),
            }
          }),
        },
      ]
    }),
  )
}

/** Number of responses of each poll matching `where`, by survey id. */
async function responseCounts(db: Db, where: Prisma.SurveyWhereInput): Promise<Map<number, number>> {
  const rows = await db.surveyResponse.groupBy({ by: ['surveyId'], where: { survey: where }, _count: { _all: true } })
  return new Map(rows.map((r) => [r.surveyId, r._count._all]))
}

/** Summaries of the polls matching `where` (a thread's, a post's), by post id. */
export async function surveySummaries(db: Db, where: Prisma.SurveyWhereInput): Promise<Map<number, SurveySummary>> {
  return summarise(db, await db.survey.findMany({ where }))
}

const SURVEY_BRIEF_COLUMNS = sqlText(
  'id, post_id AS "postId", survey_type AS "surveyType", question, is_active AS "isActive"',
)

/**
 * Summaries of the polls of a few hundred posts (a board's opening posts and latest replies) in those threads, by
 * post id: one statement on the driver, each list of ids bound as one value (lib/db/driver-sql.ts). Through the
 * ORM, 700 ids as bound parameters cost ≈ 2.7 ms of CPU to find the usual none. The thread ids steer the read to an
 * index (the planner would rather scan every poll than probe hundreds of post ids).
 */
export async function surveySummariesOfPosts(
  db: Db,
  threadIds: number[],
  postIds: number[],
): Promise<Map<number, SurveySummary>> {
  if (!postIds.length || !threadIds.length) return new Map()
  const sql = await rawSql()
  return summarise(
    db,
    await sql.$queryRaw<SurveyBrief[]>`
      SELECT ${SURVEY_BRIEF_COLUMNS} FROM surveys WHERE thread_id ${inIds(threadIds)} AND post_id ${inIds(postIds)}`,
  )
}

/** Summaries of a thread's polls on posts after a post id (0: all of them), by post id: one statement on the driver. */
export async function surveySummariesInThread(threadId: number, afterPostId = 0): Promise<Map<number, SurveySummary>> {
  const [db, sql] = await Promise.all([getDb(), rawSql()])
  return summarise(
    db,
    await sql.$queryRaw<SurveyBrief[]>`
      SELECT ${SURVEY_BRIEF_COLUMNS} FROM surveys WHERE thread_id = ${threadId} AND post_id > ${afterPostId}`,
  )
}

type SurveyBrief = { id: number; postId: number; surveyType: string; question: string; isActive: boolean }

async function summarise(db: Db, surveys: SurveyBrief[]): Promise<Map<number, SurveySummary>> {
  // Most posts have no poll: the responses are counted only for polls found, by their ids.
  if (!surveys.length) return new Map()
  const responses = await responseCounts(db, { id: { in: surveys.map((s) => s.id) } })
  return new Map(
    surveys.map((s) => [
      s.postId,
      {
        id: s.id,
        survey_id: s.id,
        post_id: s.postId,
        survey_type: s.surveyType as SurveyType,
        question: s.question,
        response_count: responses.get(s.id) ?? 0,
        is_active: s.isActive,
      },
    ]),
  )
}

/** The summary inside a poll's results (the thread page reads results, which hold everything a summary shows). */
export function summaryOf(r: SurveyResults): SurveySummary {
  return {
    id: r.id,
    survey_id: r.id,
    post_id: r.post_id,
    survey_type: r.survey_type,
    question: r.question,
    response_count: r.total_responses,
    is_active: r.is_active,
  }
}

export async function getResults(boardId: string, surveyId: number): Promise<SurveyResults> {
  await getSurveyOrThrow(boardId, surveyId)
  return (await resultsFor([surveyId])).get(surveyId)!
}

/** GET …/correlations: only multiple-choice surveys have them (400 otherwise). */
export async function getSurveyCorrelations(boardId: string, surveyId: number) {
  const survey = await getSurveyOrThrow(boardId, surveyId)
  if (survey.surveyType !== 'multiple') {
    const message = 'Correlations are only available for multiple choice surveys'
    throw new ValidationError([{ field: 'surveyId', message }], message)
  }
  return {
    survey_id: survey.id,
    survey_type: survey.surveyType,
    total_responses: survey._count.responses,
    correlations: await correlationsOf(survey),
  }
}

/** Pairs of options chosen together, most frequent first. */
async function correlationsOf(survey: SurveyRow): Promise<Correlation[]> {
  const db = await getDb()
  const rows = await db.$queryRaw<{ o1: number | bigint; o2: number | bigint; c: number | bigint }[]>`
    SELECT a.option_id AS o1, b.option_id AS o2, COUNT(*) AS c
    FROM survey_response_options a
    JOIN survey_response_options b ON b.response_id = a.response_id AND a.option_id < b.option_id
    JOIN survey_responses r ON r.id = a.response_id
    WHERE r.survey_id = ${survey.id}
    GROUP BY a.option_id, b.option_id`
  const text = new Map(survey.options.map((o) => [o.id, o.optionText]))
  const total = survey._count.responses
  return rows
    .map((r) => ({ o1: Number(r.o1), o2: Number(r.o2), c: Number(r.c) }))
    .sort((x, y) => y.c - x.c || x.o1 - y.o1 || x.o2 - y.o2)
    .map((r) => ({
      option1: { id: r.o1, text: text.get(r.o1)! },
      option2: { id: r.o2, text: text.get(r.o2)! },
      co_occurrence_count: r.c,
      correlation_percentage: percentage(r.c, total),
    }))
}
