// Voting on polls through the real server (tests/helpers/surveys.ts): voting, changing and rescinding, refused
// option sets and archived threads, the realtime survey_vote event, results and correlations, and concurrent voters.
import { io as connect } from 'socket.io-client'
import { describe, expect, it } from 'vitest'
import { as } from '../helpers/http'
import { sql } from '../helpers/sql'
import { api, poll, send, withSurveysServer } from '../helpers/surveys'

const server = withSurveysServer()
let n = 0
const voterIp = () => `198.18.${Math.floor(n / 250)}.${(n++ % 250) + 1}`

const voteAs = (ip: string, surveyId: number, optionIds: unknown, board = 'science') =>
  send('POST', api(`${board}/surveys/${surveyId}/vote`), { option_ids: optionIds }, as(ip))

describe('voting', () => {
  it('votes, changes, rescinds, and reports the voter’s own response', async () => {
    const { survey, threadId, postId } = await poll('multiple')
    const [a, b, c] = survey.options.map((o) => o.id)
    const ip = voterIp()
    const first = await voteAs(ip, survey.id, [b, a, a])
    expect(first).toEqual({
      status: 200,
      body: {
        message: 'Vote submitted successfully',
        response: { response_id: expect.any(Number), survey_id: survey.id, option_ids: [a, b], is_update: false },
      },
    })
    const mine = await send('GET', api(`science/threads/${threadId}/posts/${postId}/survey`), undefined, as(ip))
    expect(mine.body.survey.user_response).toEqual({
      response_id: first.body.response.response_id,
      selected_options: [a, b],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    })
    expect(mine.body.survey.response_count).toBe(1)
    const someoneElse = await send(
      'GET',
      api(`science/threads/${threadId}/posts/${postId}/survey`),
      undefined,
      as(voterIp()),
    )
    expect(someoneElse.body.survey.user_response).toBeNull()

    const change = await voteAs(ip, survey.id, [String(c)])
    expect(change.body).toEqual({
      message: 'Vote updated successfully',
      response: {
        response_id: first.body.response.response_id,
        survey_id: survey.id,
        option_ids: [c],
        is_update: true,
      },
    })
    const results = await send('GET', api(`science/surveys/${survey.id}/results`))
    expect(results.body.results.results.map((r: { vote_count: number }) => r.vote_count)).toEqual([0, 0, 1])

    expect(await send('DELETE', api(`science/surveys/${survey.id}/vote`), undefined, as(ip))).toEqual({
      status: 200,
      body: { message: 'Vote rescinded successfully' },
    })
    expect(await send('DELETE', api(`science/surveys/${survey.id}/vote`), undefined, as(ip))).toEqual({
      status: 404,
      body: { error: 'No vote found to rescind' },
    })
  })

  it('refuses bad option sets', async () => {
    const single = await poll('single')
    const multiple = await poll('multiple')
    const [a, b] = single.survey.options.map((o) => o.id)
    const foreign = multiple.survey.options[0].id
    const cases: [number, unknown, unknown][] = [
      [single.survey.id, [], [{ field: 'option_ids', message: 'Please select at least one option' }]],
      [single.survey.id, undefined, [{ field: 'option_ids', message: 'Please select at least one option' }]],
      [
        single.survey.id,
        [a, b],
        [{ field: 'option_ids', message: 'Single choice survey requires exactly one option' }],
      ],
      [single.survey.id, [a, 999999], [{ field: 'option_ids', message: 'Invalid option IDs', invalid: [999999] }]],
      [single.survey.id, [foreign], [{ field: 'option_ids', message: 'Invalid option IDs', invalid: [foreign] }]],
      [single.survey.id, ['x', -1], [{ field: 'option_ids', message: 'Invalid option IDs', invalid: ['x', -1] }]],
    ]
    for (const [surveyId, ids, details] of cases) {
      const res = await voteAs(voterIp(), surveyId, ids)
      expect([res.status, res.body], JSON.stringify(ids)).toEqual([400, { error: 'Validation failed', details }])
    }
    expect((await voteAs(voterIp(), single.survey.id, [a])).status).toBe(200)
  })

  it('answers 404 for unknown surveys and surveys of another board', async () => {
    const { survey } = await poll('single')
    expect(await voteAs(voterIp(), 999999, [1])).toEqual({ status: 404, body: { error: 'Survey not found' } })
    expect(await voteAs(voterIp(), survey.id, [survey.options[0].id], 'tech')).toEqual({
      status: 404,
      body: { error: 'Survey not found' },
    })
    expect((await send('GET', api(`tech/surveys/${survey.id}/results`))).status).toBe(404)
  })

  it('refuses votes and changes in archived threads', async () => {
    const { survey, threadId } = await poll('single')
    const voter = voterIp()
    await voteAs(voter, survey.id, [survey.options[0].id])
    await sql(server().database, 'UPDATE threads SET is_dead = ?, died_at = ? WHERE id = ?', true, new Date(), threadId)
    expect(await voteAs(voterIp(), survey.id, [survey.options[0].id])).toEqual({
      status: 409,
      body: { error: 'Cannot vote in archived threads' },
    })
    expect(await voteAs(voter, survey.id, [survey.options[1].id])).toEqual({
      status: 409,
      body: { error: 'Cannot change votes in archived threads' },
    })
    expect(await send('DELETE', api(`science/surveys/${survey.id}/vote`), undefined, as(voter))).toEqual({
      status: 409,
      body: { error: 'Cannot change votes in archived threads' },
    })
    expect((await send('GET', api(`science/surveys/${survey.id}/results`))).body.results.total_responses).toBe(1)
  })

  it('emits survey_vote to the thread room on every change', async () => {
    const { survey, threadId, postId } = await poll('single')
    const socket = connect(server().url, { transports: ['websocket'], forceNew: true, reconnection: false })
    await new Promise((resolve) => socket.emit('join_board', `science-${threadId}`, resolve))
    const next = () => new Promise((resolve) => socket.once('survey_vote', resolve))
    const ip = voterIp()
    let heard = next()
    await voteAs(ip, survey.id, [survey.options[0].id])
    expect(await heard).toEqual({ surveyId: survey.id, postId, threadId, boardId: 'science', totalResponses: 1 })
    heard = next()
    await send('DELETE', api(`science/surveys/${survey.id}/vote`), undefined, as(ip))
    expect(await heard).toEqual({ surveyId: survey.id, postId, threadId, boardId: 'science', totalResponses: 0 })
    socket.close()
  })
})

describe('results and correlations', () => {
  it('computes counts, percentages and option pairs exactly', async () => {
    const { survey, postId, threadId } = await poll('multiple')
    const [a, b, c] = survey.options.map((o) => o.id)
    for (const ids of [[a, b], [a, b, c], [a], [c, b]]) await voteAs(voterIp(), survey.id, ids)
    const results = await send('GET', api(`science/surveys/${survey.id}/results`))
    expect(results.body).toEqual({
      results: {
        id: survey.id,
        survey_id: survey.id,
        post_id: postId,
        thread_id: threadId,
        board_id: 'science',
        survey_type: 'multiple',
        question: 'Which editor?',
        is_active: true,
        total_responses: 4,
        results: [
          { option_id: a, option_text: 'Vim', option_order: 1, vote_count: 3, percentage: 75 },
          { option_id: b, option_text: 'Emacs', option_order: 2, vote_count: 3, percentage: 75 },
          { option_id: c, option_text: 'Nano', option_order: 3, vote_count: 2, percentage: 50 },
        ],
      },
    })
    const corr = await send('GET', api(`science/surveys/${survey.id}/correlations`))
    expect(corr.body).toEqual({
      survey_id: survey.id,
      survey_type: 'multiple',
      total_responses: 4,
      correlations: [
        {
          option1: { id: a, text: 'Vim' },
          option2: { id: b, text: 'Emacs' },
          co_occurrence_count: 2,
          correlation_percentage: 50,
        },
        {
          option1: { id: b, text: 'Emacs' },
          option2: { id: c, text: 'Nano' },
          co_occurrence_count: 2,
          correlation_percentage: 50,
        },
        {
          option1: { id: a, text: 'Vim' },
          option2: { id: c, text: 'Nano' },
          co_occurrence_count: 1,
          correlation_percentage: 25,
        },
      ],
    })
  })

  it('rounds percentages half away from zero to two places', async () => {
    const { survey } = await poll('single')
    const [a, b] = survey.options.map((o) => o.id)
    for (const id of [a, b, b]) await voteAs(voterIp(), survey.id, [id])
    const { body } = await send('GET', api(`science/surveys/${survey.id}/results`))
    expect(body.results.results.map((r: { percentage: number }) => r.percentage)).toEqual([33.33, 66.67, 0])
  })

  it('has no correlations for single-choice polls', async () => {
    const { survey } = await poll('single')
    const res = await send('GET', api(`science/surveys/${survey.id}/correlations`))
    expect(res).toEqual({
      status: 400,
      body: {
        error: 'Correlations are only available for multiple choice surveys',
        details: [{ field: 'surveyId', message: 'Correlations are only available for multiple choice surveys' }],
      },
    })
  })
})

describe('concurrency', () => {
  it('counts 200 concurrent voters exactly, and a voter voting twice at once holds one vote', async () => {
    const { survey } = await poll('multiple')
    const [a, b] = survey.options.map((o) => o.id)
    const voters = Array.from({ length: 200 }, () => voterIp())
    const answers = await Promise.all(voters.map((ip, i) => voteAs(ip, survey.id, i % 4 === 0 ? [a, b] : [a])))
    expect(answers.every((r) => r.status === 200)).toBe(true)
    const twice = voterIp()
    const both = await Promise.all([voteAs(twice, survey.id, [a]), voteAs(twice, survey.id, [b])])
    expect(both.map((r) => r.status)).toEqual([200, 200])

    const { body } = await send('GET', api(`science/surveys/${survey.id}/results`))
    expect(body.results.total_responses).toBe(201)
    const last = both.map((r) => r.body.response.option_ids[0])
    const counts = body.results.results.map((r: { vote_count: number }) => r.vote_count)
    // 200 chose a, 50 also chose b; the double voter holds exactly one of a or b.
    expect(counts[0] + counts[1]).toBe(200 + 50 + 1)
    expect(last).toContain(counts[0] === 201 ? a : b)
    const [{ n }] = await sql<{ n: number }>(
      server().database,
      'SELECT count(*) AS n FROM survey_responses WHERE survey_id = ?',
      survey.id,
    )
    expect(Number(n)).toBe(201)
    expect(body.results.results[0].percentage).toBe(Math.floor((20000 * counts[0] + 201) / 402) / 100)
  })
})
