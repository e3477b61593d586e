'use client'
import { isSingleChoice } from '@/lib/client/survey-state'
import { useSurvey } from '@/lib/client/use-survey'
import type { SurveyResults } from '@/lib/surveys/types'
import { SurveyActions } from './survey-actions'
import { SurveyChoices } from './survey-choices'
import { SurveyCorrelations } from './survey-correlations'
import { SurveyResultBars } from './survey-result-bars'

export interface SurveyViewProps {
  boardId: string
  threadId: number
  postId: number
  initial: SurveyResults
  archived: boolean
  /** Bumped by the thread view on every survey_vote event, to refresh the results. */
  version: number
}

/**
 * A poll in a thread: the question, then either the form to vote with or the results, and the buttons of the
 * current step (lib/client/survey-state.ts has the steps). Archived polls show only their results, dimmed.
 */
export function SurveyView({ boardId, threadId, postId, initial, archived, version }: SurveyViewProps) {
  const survey = useSurvey(initial, { boardId, threadId, postId, archived, version })
  const { results, mode, mine, error, correlations, showCorrelations } = survey.state
  const single = isSingleChoice(survey.state)
  const choosing = !archived && (mode === 'vote' || mode === 'change')
  return (
    <section
      className={`mt-2 rounded-lg border border-indigo-200 bg-indigo-50/50 p-3 ${archived ? 'opacity-60' : ''}`}
      data-testid="poll"
      aria-label="Poll"
    >
      <header className="mb-2 flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">{results.question}</h3>
        <span className="text-xs text-slate-500">
          {single ? 'Single choice' : 'Multiple choice'} · {results.total_responses}{' '}
          {results.total_responses === 1 ? 'response' : 'responses'}
        </span>
        {archived && (
          <span className="rounded bg-slate-500 px-1.5 py-0.5 text-xs font-semibold text-white">Archived</span>
        )}
      </header>

      {choosing ? (
        <SurveyChoices
          surveyId={initial.id}
          results={results}
          selected={survey.state.selected}
          onToggle={(optionId) => survey.dispatch({ type: 'option_toggled', optionId })}
        />
      ) : (
        <SurveyResultBars results={results} mine={mine?.selected_options ?? []} />
      )}

      <SurveyActions survey={survey} archived={archived} />
      {showCorrelations && correlations && <SurveyCorrelations correlations={correlations} />}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {error}
        </p>
      )}
    </section>
  )
}
