'use client'
// A poll's state (survey-state.ts) wired to the server: the reader's own response is fetched on load (the served
// HTML carries only the results, so cached pages hold nothing per visitor), votes and rescinds are sent, and the
// results are fetched again when another reader votes.
import { useCallback, useEffect, useReducer } from 'react'
import type { Correlation, SurveyResults, UserResponse } from '@/lib/surveys/types'
import { messageFor, type ErrorBody } from '@/lib/client/error-messages'
import { initialSurveyState, NO_SELECTION_MESSAGE, surveyReducer, type SurveyAction, type SurveyState } from './survey-state'

/** Waits this long after a live vote, so that a burst of votes costs one refresh. */
const LIVE_REFRESH_MS = 150

/** Every request a poll makes, in one place. */
function surveyRequests(boardId: string, surveyId: number) {
  const base = `/api/boards/${boardId}/surveys/${surveyId}`
  return {
    ownResponse: (threadId: number, postId: number) => fetch(`/api/boards/${boardId}/threads/${threadId}/posts/${postId}/survey`),
    results: () => fetch(`${base}/results`),
    correlations: () => fetch(`${base}/correlations`),
    vote: (optionIds: number[]) => fetch(`${base}/vote`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ option_ids: optionIds }),
    }),
    rescind: () => fetch(`${base}/vote`, { method: 'DELETE' }),
  }
}

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

export function useSurvey(initial: SurveyResults, { boardId, threadId, postId, archived, version }: SurveyTarget): UseSurvey {
  const [state, dispatch] = useReducer(surveyReducer, initial, initialSurveyState)
  const surveyId = initial.id
  const { selected, showCorrelations } = state

  const refreshResults = useCallback(async () => {
    const res = await surveyRequests(boardId, surveyId).results()
    if (res.ok) dispatch({ type: 'results_arrived', results: (await res.json() as { results: SurveyResults }).results })
  }, [boardId, surveyId])

  const loadCorrelations = useCallback(async () => {
    const res = await surveyRequests(boardId, surveyId).correlations().catch(() => null)
    if (!res?.ok) return dispatch({ type: 'failed', message: 'Failed to load correlations' })
    dispatch({ type: 'correlations_arrived', correlations: (await res.json() as { correlations: Correlation[] }).correlations })
  }, [boardId, surveyId])

  // The reader's own response decides the starting state.
  useEffect(() => {
    let stop = false
    void surveyRequests(boardId, surveyId).ownResponse(threadId, postId).then(async (res) => {
      if (stop) return
      if (!res.ok) return dispatch({ type: 'failed', message: 'Failed to load survey' })
      const { survey } = await res.json() as { survey: { user_response: UserResponse | null } }
      dispatch({ type: 'own_response_loaded', response: survey.user_response, archived })
    }, () => { if (!stop) dispatch({ type: 'failed', message: 'Failed to load survey' }) })
    return () => { stop = true }
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
  async function send(fallback: string, request: () => Promise<Response>, onDone: (body: unknown) => void) {
    dispatch({ type: 'request_started' })
    try {
      const res = await request()
      const body = await res.json().catch(() => null)
      if (!res.ok) return dispatch({ type: 'failed', message: messageFor(body as ErrorBody, fallback) })
      onDone(body)
      await refreshResults()
    } catch {
      dispatch({ type: 'failed', message: fallback })
    } finally {
      dispatch({ type: 'request_finished' })
    }
  }

  async function submit() {
    if (!selected.length) return dispatch({ type: 'failed', message: NO_SELECTION_MESSAGE })
    await send('Failed to submit vote', () => surveyRequests(boardId, surveyId).vote(selected), (body) => {
      const { response } = body as { response: { response_id: number; option_ids: number[] } }
      dispatch({ type: 'vote_cast', responseId: response.response_id, optionIds: response.option_ids })
    })
  }

  const rescind = () => send('Failed to rescind vote', () => surveyRequests(boardId, surveyId).rescind(), () => dispatch({ type: 'vote_rescinded' }))

  function toggleCorrelations() {
    dispatch({ type: 'correlations_toggled' })
    if (!showCorrelations) void loadCorrelations()
  }

  return { state, dispatch, submit, rescind, toggleCorrelations }
}
