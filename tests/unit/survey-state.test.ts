import { describe, expect, it } from 'vitest'
import { initialSurveyState, surveyReducer, type SurveyAction, type SurveyState } from '@/lib/client/survey-state'
import type { SurveyResults, SurveyType, UserResponse } from '@/lib/surveys/types'

function results(type: SurveyType, counts: number[] = [0, 0, 0]): SurveyResults {
  const total = counts.reduce((a, b) => a + b, 0)
  return {
    id: 5,
    survey_id: 5,
    post_id: 1,
    thread_id: 1,
    board_id: 'tech',
    survey_type: type,
    question: 'Editor?',
    is_active: true,
    total_responses: total,
    results: ['Vim', 'Emacs', 'Nano'].map((text, i) => ({
      option_id: 10 + i,
      option_text: text,
      option_order: i,
      vote_count: counts[i],
      percentage: total ? (100 * counts[i]) / total : 0,
    })),
  }
}

const response = (options: number[]): UserResponse => ({
  response_id: 3,
  selected_options: options,
  created_at: 'x',
  updated_at: 'x',
})
const feed = (state: SurveyState, ...actions: SurveyAction[]) => actions.reduce(surveyReducer, state)
const fresh = (type: SurveyType = 'multiple') =>
  feed(initialSurveyState(results(type)), { type: 'own_response_loaded', response: null, archived: false })

describe('survey state: starting', () => {
  it('shows the served results until the reader’s own response is known', () => {
    const state = initialSurveyState(results('single', [1, 0, 0]))
    expect(state).toMatchObject({
      mode: 'results',
      mine: null,
      selected: [],
      error: null,
      busy: false,
      correlations: null,
      showCorrelations: false,
    })
    expect(state.results.total_responses).toBe(1)
  })

  it('offers the form to a reader who has not voted', () => {
    expect(fresh()).toMatchObject({ mode: 'vote', mine: null, selected: [] })
  })

  it('shows the results, with the choice ticked, to a reader who has voted', () => {
    const state = feed(initialSurveyState(results('multiple')), {
      type: 'own_response_loaded',
      response: response([10, 12]),
      archived: false,
    })
    expect(state).toMatchObject({ mode: 'results', mine: response([10, 12]), selected: [10, 12] })
  })

  it('shows only the results in an archived thread', () => {
    expect(
      feed(initialSurveyState(results('single')), { type: 'own_response_loaded', response: null, archived: true }).mode,
    ).toBe('results')
  })

  it('keeps an error that stops the poll from loading', () => {
    expect(
      feed(initialSurveyState(results('single')), { type: 'failed', message: 'Failed to load survey' }).error,
    ).toBe('Failed to load survey')
  })
})

describe('survey state: choosing', () => {
  it('keeps one option in a single-choice poll', () => {
    const state = feed(
      fresh('single'),
      { type: 'option_toggled', optionId: 10 },
      { type: 'option_toggled', optionId: 11 },
    )
    expect(state.selected).toEqual([11])
    expect(feed(state, { type: 'option_toggled', optionId: 11 }).selected).toEqual([11])
  })

  it('toggles options in a multiple-choice poll', () => {
    const state = feed(
      fresh('multiple'),
      { type: 'option_toggled', optionId: 10 },
      { type: 'option_toggled', optionId: 12 },
    )
    expect(state.selected).toEqual([10, 12])
    expect(feed(state, { type: 'option_toggled', optionId: 10 }).selected).toEqual([12])
  })

  it('goes to the results and back without voting, the ticks kept', () => {
    const ticked = feed(fresh(), { type: 'option_toggled', optionId: 11 })
    const viewing = feed(ticked, { type: 'view_results' })
    expect(viewing.mode).toBe('viewing')
    expect(feed(viewing, { type: 'back_to_voting' })).toMatchObject({ mode: 'vote', selected: [11] })
  })
})

describe('survey state: voting', () => {
  it('a vote marks the voter’s choice, and the results that follow update the counts', () => {
    const sending = feed(
      fresh(),
      { type: 'option_toggled', optionId: 10 },
      { type: 'option_toggled', optionId: 11 },
      { type: 'request_started' },
    )
    expect(sending.busy).toBe(true)
    const voted = feed(
      sending,
      { type: 'vote_cast', responseId: 8, optionIds: [10, 11] },
      { type: 'results_arrived', results: results('multiple', [1, 1, 0]) },
      { type: 'request_finished' },
    )
    expect(voted).toMatchObject({ mode: 'results', busy: false, error: null })
    expect(voted.mine).toMatchObject({ response_id: 8, selected_options: [10, 11] })
    expect(voted.results.results.map((o) => o.vote_count)).toEqual([1, 1, 0])
    expect(voted.results.total_responses).toBe(2)
  })

  it('a refused vote keeps the form, shows the message and frees the buttons', () => {
    const state = feed(
      fresh(),
      { type: 'option_toggled', optionId: 10 },
      { type: 'request_started' },
      { type: 'failed', message: 'Rate limited' },
      { type: 'request_finished' },
    )
    expect(state).toMatchObject({ mode: 'vote', busy: false, error: 'Rate limited', mine: null, selected: [10] })
  })

  it('a new request clears the last error', () => {
    const state = feed(
      fresh(),
      { type: 'failed', message: 'Please select at least one option' },
      { type: 'request_started' },
    )
    expect(state.error).toBeNull()
  })

  it('changing starts from the current choice; Cancel goes back to it', () => {
    const voted = feed(fresh(), { type: 'vote_cast', responseId: 8, optionIds: [10] })
    const changing = feed(voted, { type: 'change_vote' }, { type: 'option_toggled', optionId: 12 })
    expect(changing).toMatchObject({ mode: 'change', selected: [10, 12] })
    expect(feed(changing, { type: 'cancel_change' })).toMatchObject({ mode: 'results', selected: [10] })
  })

  it('there is nothing to change before a vote', () => {
    const state = fresh()
    expect(feed(state, { type: 'change_vote' })).toBe(state)
  })

  it('an updated vote replaces the choice', () => {
    const voted = feed(
      fresh(),
      { type: 'vote_cast', responseId: 8, optionIds: [10] },
      { type: 'change_vote' },
      { type: 'option_toggled', optionId: 10 },
      { type: 'option_toggled', optionId: 12 },
      { type: 'vote_cast', responseId: 8, optionIds: [12] },
    )
    expect(voted).toMatchObject({ mode: 'results', selected: [12] })
    expect(voted.mine?.selected_options).toEqual([12])
  })

  it('a rescinded vote clears the choice and offers the form again', () => {
    const state = feed(
      fresh(),
      { type: 'vote_cast', responseId: 8, optionIds: [10, 11] },
      { type: 'change_vote' },
      { type: 'vote_rescinded' },
    )
    expect(state).toMatchObject({ mode: 'vote', mine: null, selected: [] })
  })
})

describe('survey state: live results and correlations', () => {
  it('results from another reader’s vote replace the counts and keep the reader’s step', () => {
    const ticked = feed(fresh(), { type: 'option_toggled', optionId: 12 })
    const state = feed(ticked, { type: 'results_arrived', results: results('multiple', [3, 0, 1]) })
    expect(state.results.results.map((o) => o.vote_count)).toEqual([3, 0, 1])
    expect(state).toMatchObject({ mode: 'vote', selected: [12] })
  })

  it('correlations are shown once asked for, and hidden again', () => {
    const correlations = [
      {
        option1: { id: 10, text: 'Vim' },
        option2: { id: 11, text: 'Emacs' },
        co_occurrence_count: 1,
        correlation_percentage: 100,
      },
    ]
    const shown = feed(fresh(), { type: 'correlations_toggled' }, { type: 'correlations_arrived', correlations })
    expect(shown).toMatchObject({ showCorrelations: true, correlations })
    expect(feed(shown, { type: 'correlations_toggled' }).showCorrelations).toBe(false)
  })
})
