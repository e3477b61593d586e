import type { ReactNode } from 'react'
import { isSingleChoice } from '@/lib/client/survey-state'
import type { UseSurvey } from '@/lib/client/use-survey'

const BUTTON = 'rounded px-3 py-1 text-sm font-medium'

/** The buttons of the poll's current step, and the correlations switch of a multiple-choice poll. */
export function SurveyActions({ survey, archived }: { survey: UseSurvey; archived: boolean }) {
  const { state, dispatch, submit, rescind, toggleCorrelations } = survey
  const { mode, mine, busy } = state
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      {mode === 'vote' && !archived && (
        <>
          <button type="button" disabled={busy} onClick={submit} className={`${BUTTON} bg-indigo-600 text-white`}>
            Vote
          </button>
          <StepButton onClick={() => dispatch({ type: 'view_results' })}>View Results</StepButton>
        </>
      )}
      {mode === 'viewing' && !archived && (
        <StepButton onClick={() => dispatch({ type: 'back_to_voting' })}>Back to Voting</StepButton>
      )}
      {mode === 'results' && mine && !archived && (
        <StepButton onClick={() => dispatch({ type: 'change_vote' })}>Change Vote</StepButton>
      )}
      {mode === 'change' && (
        <>
          <button type="button" disabled={busy} onClick={submit} className={`${BUTTON} bg-indigo-600 text-white`}>
            Update Vote
          </button>
          <StepButton onClick={() => dispatch({ type: 'cancel_change' })}>Cancel</StepButton>
          <button
            type="button"
            disabled={busy}
            onClick={rescind}
            className={`${BUTTON} border border-red-300 text-red-700`}
          >
            Rescind Vote
          </button>
        </>
      )}
      {!isSingleChoice(state) && (
        <button type="button" onClick={toggleCorrelations} className={`${BUTTON} text-indigo-700 underline`}>
          {state.showCorrelations ? 'Hide correlations' : 'Show correlations'}
        </button>
      )}
    </div>
  )
}

/** A bordered button that moves the poll to another step without sending anything. */
function StepButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" onClick={onClick} className={`${BUTTON} border border-slate-300`}>
      {children}
    </button>
  )
}
