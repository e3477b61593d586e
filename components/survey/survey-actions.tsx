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
          <button
            type="button"
            onClick={() => dispatch({ type: 'view_results' })}
            className={`${BUTTON} border border-slate-300`}
          >
            View Results
          </button>
        </>
      )}
      {mode === 'viewing' && !archived && (
        <button
          type="button"
          onClick={() => dispatch({ type: 'back_to_voting' })}
          className={`${BUTTON} border border-slate-300`}
        >
          Back to Voting
        </button>
      )}
      {mode === 'results' && mine && !archived && (
        <button
          type="button"
          onClick={() => dispatch({ type: 'change_vote' })}
          className={`${BUTTON} border border-slate-300`}
        >
          Change Vote
        </button>
      )}
      {mode === 'change' && (
        <>
          <button type="button" disabled={busy} onClick={submit} className={`${BUTTON} bg-indigo-600 text-white`}>
            Update Vote
          </button>
          <button
            type="button"
            onClick={() => dispatch({ type: 'cancel_change' })}
            className={`${BUTTON} border border-slate-300`}
          >
            Cancel
          </button>
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
