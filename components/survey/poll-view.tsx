'use client'
import { useCallback, useEffect, useState } from 'react'
import type { Correlation, SurveyResults, UserResponse } from '@/lib/surveys/types'
import { messageFor, type ErrorBody } from '@/lib/client/error-messages'
import { PollResults } from './poll-results'
import { PollCorrelations } from './poll-correlations'

/**
 * A poll in a thread: unvoted → voted (results) → change-vote mode (Update Vote, Cancel,
 * Rescind Vote) → rescinded; results can be viewed without voting. The server renders the results; the
 * reader's own vote is fetched here, so cached HTML never carries per-visitor state.
 */
export interface PollViewProps {
  boardId: string
  threadId: number
  postId: number
  initial: SurveyResults
  archived: boolean
  /** Bumped by the thread view on every survey_vote event, to refresh the results. */
  version: number
}

type Mode = 'results' | 'vote' | 'viewing' | 'change'

export function PollView({ boardId, threadId, postId, initial, archived, version }: PollViewProps) {
  const [results, setResults] = useState(initial)
  const [mine, setMine] = useState<UserResponse | null | undefined>(undefined)
  const [mode, setMode] = useState<Mode>('results')
  const [selected, setSelected] = useState<number[]>([])
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [correlations, setCorrelations] = useState<Correlation[] | null>(null)
  const [showCorrelations, setShowCorrelations] = useState(false)
  const surveyId = initial.id

  const refreshResults = useCallback(async () => {
    const res = await fetch(`/api/boards/${boardId}/surveys/${surveyId}/results`)
    if (res.ok) setResults((await res.json()).results)
  }, [boardId, surveyId])

  const loadCorrelations = useCallback(async () => {
    const res = await fetch(`/api/boards/${boardId}/surveys/${surveyId}/correlations`).catch(() => null)
    if (!res?.ok) return setError('Failed to load correlations')
    setCorrelations((await res.json()).correlations)
  }, [boardId, surveyId])

  // The reader's own response decides the starting state.
  useEffect(() => {
    let stop = false
    void fetch(`/api/boards/${boardId}/threads/${threadId}/posts/${postId}/survey`).then(async (res) => {
      if (stop) return
      if (!res.ok) return setError('Failed to load survey')
      const { survey } = await res.json() as { survey: { user_response: UserResponse | null } }
      setMine(survey.user_response)
      setSelected(survey.user_response?.selected_options ?? [])
      setMode(survey.user_response || archived ? 'results' : 'vote')
    }, () => !stop && setError('Failed to load survey'))
    return () => { stop = true }
  }, [boardId, threadId, postId, archived])

  // Live: another reader voted. A short delay coalesces a burst of votes into one refresh.
  useEffect(() => {
    if (version === 0) return
    const timer = setTimeout(() => {
      void refreshResults()
      if (showCorrelations) void loadCorrelations()
    }, 150)
    return () => clearTimeout(timer)
  }, [version, refreshResults, loadCorrelations, showCorrelations])

  const single = results.survey_type === 'single'
  const toggle = (id: number) => setSelected((s) => (single ? [id] : s.includes(id) ? s.filter((x) => x !== id) : [...s, id]))

  async function submit() {
    setError(null)
    if (!selected.length) return setError('Please select at least one option')
    setBusy(true)
    try {
      const res = await fetch(`/api/boards/${boardId}/surveys/${surveyId}/vote`, {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ option_ids: selected }),
      })
      const body = await res.json().catch(() => null)
      if (!res.ok) return setError(messageFor(body as ErrorBody, 'Failed to submit vote'))
      setMine({ response_id: body.response.response_id, selected_options: body.response.option_ids, created_at: '', updated_at: '' })
      setMode('results')
      await refreshResults()
    } catch {
      setError('Failed to submit vote')
    } finally {
      setBusy(false)
    }
  }

  async function rescind() {
    setError(null)
    setBusy(true)
    try {
      const res = await fetch(`/api/boards/${boardId}/surveys/${surveyId}/vote`, { method: 'DELETE' })
      if (!res.ok) return setError(messageFor(await res.json().catch(() => null) as ErrorBody, 'Failed to rescind vote'))
      setMine(null)
      setSelected([])
      setMode('vote')
      await refreshResults()
    } catch {
      setError('Failed to rescind vote')
    } finally {
      setBusy(false)
    }
  }

  const choosing = !archived && (mode === 'vote' || mode === 'change')
  const button = 'rounded px-3 py-1 text-sm font-medium'
  return (
    <section className={`mt-2 rounded-lg border border-indigo-200 bg-indigo-50/50 p-3 ${archived ? 'opacity-60' : ''}`} data-testid="poll" aria-label="Poll">
      <header className="mb-2 flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">{results.question}</h3>
        <span className="text-xs text-slate-500">{single ? 'Single choice' : 'Multiple choice'} · {results.total_responses} {results.total_responses === 1 ? 'response' : 'responses'}</span>
        {archived && <span className="rounded bg-slate-500 px-1.5 py-0.5 text-xs font-semibold text-white">Archived</span>}
      </header>

      {choosing ? (
        <fieldset className="space-y-1">
          <legend className="sr-only">{results.question}</legend>
          {results.results.map((o) => (
            <label key={o.option_id} className="flex items-center gap-2 text-sm">
              <input type={single ? 'radio' : 'checkbox'} name={`poll-${surveyId}`} checked={selected.includes(o.option_id)} onChange={() => toggle(o.option_id)} />
              {o.option_text}
            </label>
          ))}
        </fieldset>
      ) : (
        <PollResults results={results} mine={mine?.selected_options ?? []} />
      )}

      <div className="mt-2 flex flex-wrap gap-2">
        {mode === 'vote' && !archived && <>
          <button type="button" disabled={busy} onClick={submit} className={`${button} bg-indigo-600 text-white`}>Vote</button>
          <button type="button" onClick={() => setMode('viewing')} className={`${button} border border-slate-300`}>View Results</button>
        </>}
        {mode === 'viewing' && !archived && <button type="button" onClick={() => setMode('vote')} className={`${button} border border-slate-300`}>Back to Voting</button>}
        {mode === 'results' && mine && !archived && (
          <button type="button" onClick={() => { setSelected(mine.selected_options); setMode('change') }} className={`${button} border border-slate-300`}>Change Vote</button>
        )}
        {mode === 'change' && <>
          <button type="button" disabled={busy} onClick={submit} className={`${button} bg-indigo-600 text-white`}>Update Vote</button>
          <button type="button" onClick={() => { setSelected(mine?.selected_options ?? []); setMode('results') }} className={`${button} border border-slate-300`}>Cancel</button>
          <button type="button" disabled={busy} onClick={rescind} className={`${button} border border-red-300 text-red-700`}>Rescind Vote</button>
        </>}
        {!single && (
          <button type="button" onClick={() => { setShowCorrelations((s) => !s); if (!showCorrelations) void loadCorrelations() }} className={`${button} text-indigo-700 underline`}>
            {showCorrelations ? 'Hide correlations' : 'Show correlations'}
          </button>
        )}
      </div>
      {showCorrelations && correlations && <PollCorrelations correlations={correlations} />}
      {error && <p role="alert" className="mt-2 text-sm text-red-600">{error}</p>}
    </section>
  )
}
