'use client'
// A poll's state (survey-state.ts) wired to the server: the reader's own response is fetched on load (the served
// HTML carries only the results, so cached pages hold nothing per visitor), votes and rescinds are sent, and the
// results are fetched again when another reader votes.
import { useCallback, useEffect, useReducer } from 'react'
import { errorBodyOf, publicApi } from '@/lib/client/api'
import { messageFor } from '@/lib/error-messages'
import type { SurveyResults } from '@/lib/surveys/types'
import {
  initialSurveyState,
  NO_SELECTION_MESSAGE,
  surveyReducer,
  type SurveyAction,
  type SurveyState,
} from './survey-state'

/** Waits this long after a live vote, so that a burst of votes costs one refresh. */
const LIVE_REFRESH_MS = 150

export interface SurveyTarget {
  boardId: string
  threadId: number
  postId: number
  archived: boolean
  /** Bumped on every survey_vote event: the results are fetched again. */
  version: number
}

export interface UseSurvey {
  state: SurveyState
  dispatch: (action: SurveyAction) => void
  submit: () => Promise<void>
  rescind: () => Promise<void>
  toggleCorrelations: () => void
}

export function useSurvey(
  initial: SurveyResults,
  { boardId, threadId, postId, archived, version }: SurveyTarget,
): UseSurvey {
  const [state, dispatch] = useReducer(surveyReducer, initial, initialSurveyState)
  const surveyId = initial.id
  const { selected, showCorrelations } = state

  const refreshResults = useCallback(async () => {
    const answer = await publicApi.surveyResults(boardId, surveyId).catch(() => null)
    if (answer) dispatch({ type: 'results_arrived', results: answer.results })
  }, [boardId, surveyId])

  const loadCorrelations = useCallback(async () => {
    const answer = await publicApi.surveyCorrelations(boardId, surveyId).catch(() => null)
    if (!answer) return dispatch({ type: 'failed', message: 'Failed to load correlations' })
    dispatch({ type: 'correlations_arrived', correlations: answer.correlations })
  }, [boardId, surveyId])

  // The reader's own response decides the starting state.
  useEffect(() => {
    let stop = false
    publicApi.postSurvey(boardId, threadId, postId).then(
      ({ survey }) => {
        if (!stop) dispatch({ type: 'own_response_loaded', response: survey.user_response, archived })
      },
      () => {
        if (!stop) dispatch({ type: 'failed', message: 'Failed to load survey' })
      },
    )
    return () => {
      stop = true
    }
  }, [boardId, surveyId, threadId, postId, archived])

  // Another reader voted.
  useEffect(() => {
    if (version === 0) return
    const timer = setTimeout(() => {
      void refreshResults()
      if (showCorrelations) void loadCorrelations()
    }, LIVE_REFRESH_MS)
    return () => clearTimeout(timer)
  }, [version, refreshResults, loadCorrelations, showCorrelations])

  /** Runs a vote or rescind: one at a time, its failure (a refused request or none at all) shown as `fallback`. */
  async function send<T>(fallback: string, request: () => Promise<T>, onDone: (answer: T) => void) {
    dispatch({ type: 'request_started' })
    try {
      onDone(await request())
      await refreshResults()
    } catch (err) {
      dispatch({ type: 'failed', message: messageFor(errorBodyOf(err), fallback) })
    } finally {
      dispatch({ type: 'request_finished' })
    }
  }

  async function submit() {
    if (!selected.length) return dispatch({ type: 'failed', message: NO_SELECTION_MESSAGE })
    await send(
      'Failed to submit vote',
      () => publicApi.vote(boardId, surveyId, selected),
      ({ response }) =>
        dispatch({ type: 'vote_cast', responseId: response.response_id, optionIds: response.option_ids }),
    )
  }

  const rescind = () =>
    send(
      'Failed to rescind vote',
      () => publicApi.rescindVote(boardId, surveyId),
      () => dispatch({ type: 'vote_rescinded' }),
    )

  function toggleCorrelations() {
    dispatch({ type: 'correlations_toggled' })
    if (!showCorrelations) void loadCorrelations()
  }

  return { state, dispatch, submit, rescind, toggleCorrelations }
}
