// Attaching a poll through the real server (tests/helpers/surveys.ts): only the post's owner, one per post, options
// in order, the documented validation and its limits, and the 404 and 409 answers in order.
import { describe, expect, it } from 'vitest'
import { sql } from '../helpers/sql'
import { api, poll, send, threadWithOwner, withSurveysServer } from '../helpers/surveys'

const server = withSurveysServer()

describe('attaching a poll', () => {
  it('lets the post owner attach one poll with options in order', async () => {
    const t = await threadWithOwner()
    const res = await send(
      'POST',
      api(`science/threads/${t.threadId}/posts/${t.postId}/survey`),
      { survey_type: 'multiple', question: 'Which\r\ndo you use?', options: [' Vim ', 'Emacs\nGNU'] },
      { Cookie: t.cookie },
    )
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      message: 'Survey created successfully',
      survey: {
        id: expect.any(Number),
        post_id: t.postId,
        thread_id: t.threadId,
        board_id: 'science',
        survey_type: 'multiple',
        question: 'Which do you use?',
        created_at: expect.stringMatching(/Z$/),
        is_active: true,
        response_count: 0,
        options: [
          { id: expect.any(Number), option_text: 'Vim', option_order: 1 },
          { id: expect.any(Number), option_text: 'Emacs GNU', option_order: 2 },
        ],
      },
    })
    const again = await send(
      'POST',
      api(`science/threads/${t.threadId}/posts/${t.postId}/survey`),
      { survey_type: 'single', question: 'q', options: ['a', 'b'] },
      { Cookie: t.cookie },
    )
    expect([again.status, again.body]).toEqual([409, { error: 'Post already has a survey attached' }])
    // The posts list carries the summary.
    const { posts } = await (await fetch(api(`science/threads/${t.threadId}/posts?includeSurveys=true`))).json()
    expect(posts[0].survey).toEqual({
      id: res.body.survey.id,
      survey_id: res.body.survey.id,
      post_id: t.postId,
      survey_type: 'multiple',
      question: 'Which do you use?',
      response_count: 0,
      is_active: true,
    })
  })

  it('refuses anyone but the owner', async () => {
    const t = await threadWithOwner()
    for (const headers of [{}, { Cookie: 'cb_poster=' + 'q'.repeat(43) }] as Record<string, string>[]) {
      const res = await send(
        'POST',
        api(`science/threads/${t.threadId}/posts/${t.postId}/survey`),
        { survey_type: 'single', question: 'q', options: ['a', 'b'] },
        headers,
      )
      expect([res.status, res.body]).toEqual([403, { error: 'Only the post owner can attach a survey' }])
    }
  })

  it.each([
    [
      { survey_type: 'ranked', question: 'q', options: ['a', 'b'] },
      [{ field: 'survey_type', message: 'Survey type must be "single" or "multiple"' }],
    ],
    [
      { survey_type: 'single', question: '  ', options: ['a', 'b'] },
      [{ field: 'question', message: 'Survey question is required' }],
    ],
    [
      { survey_type: 'single', question: 'q'.repeat(281), options: ['a', 'b'] },
      [{ field: 'question', message: 'Question must be 280 characters or less' }],
    ],
    [
      { survey_type: 'single', question: 'q', options: ['only'] },
      [{ field: 'options', message: 'Survey must have at least 2 options' }],
    ],
    [
      { survey_type: 'single', question: 'q', options: Array.from({ length: 17 }, (_, i) => `o${i}`) },
      [{ field: 'options', message: 'Survey can have at most 16 options' }],
    ],
    [
      { survey_type: 'single', question: 'q', options: ['a', 'b', ' '] },
      [{ field: 'options[2]', message: 'Option 3 must not be empty' }],
    ],
    [
      { survey_type: 'single', question: 'q', options: ['a', 'x'.repeat(281)] },
      [{ field: 'options[1]', message: 'Option 2 must be 280 characters or less' }],
    ],
    [
      {},
      [
        { field: 'survey_type', message: 'Survey type must be "single" or "multiple"' },
        { field: 'question', message: 'Survey question is required' },
        { field: 'options', message: 'Survey must have at least 2 options' },
      ],
    ],
  ])('answers 400 for %j', async (body, details) => {
    const t = await threadWithOwner()
    const res = await send('POST', api(`science/threads/${t.threadId}/posts/${t.postId}/survey`), body, {
      Cookie: t.cookie,
    })
    expect([res.status, res.body]).toEqual([400, { error: 'Validation failed', details }])
  })

  it('accepts 16 options of 280 characters', async () => {
    const options = Array.from({ length: 16 }, (_, i) => `${i}`.padEnd(280, 'x'))
    const { survey } = await poll('multiple', options)
    expect(survey.options).toHaveLength(16)
  })

  it('answers 404 and 409 in the documented order', async () => {
    const t = await threadWithOwner()
    const other = await threadWithOwner()
    const body = { survey_type: 'single', question: 'q', options: ['a', 'b'] }
    expect(
      (
        await send('POST', api(`science/threads/${t.threadId}/posts/${other.postId}/survey`), body, {
          Cookie: other.cookie,
        })
      ).body,
    ).toEqual({ error: 'Post not found' })
    expect(
      (await send('POST', api(`science/threads/999999/posts/${t.postId}/survey`), body, { Cookie: t.cookie })).body,
    ).toEqual({ error: 'Thread not found' })
    await sql(
      server().database,
      'UPDATE threads SET is_dead = ?, died_at = ? WHERE id = ?',
      true,
      new Date(),
      t.threadId,
    )
    const dead = await send('POST', api(`science/threads/${t.threadId}/posts/${t.postId}/survey`), body, {
      Cookie: t.cookie,
    })
    expect([dead.status, dead.body]).toEqual([409, { error: 'Cannot create surveys in archived threads' }])
  })
})
