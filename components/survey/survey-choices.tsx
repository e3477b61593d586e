import type { SurveyResults } from '@/lib/surveys/types'

/** The poll's options as radio buttons (single choice) or checkboxes (multiple choice). */
export interface SurveyChoicesProps {
  surveyId: number
  results: SurveyResults
  selected: number[]
  onToggle(optionId: number): void
}

export function SurveyChoices({ surveyId, results, selected, onToggle }: SurveyChoicesProps) {
  const single = results.survey_type === 'single'
  return (
    <fieldset className="space-y-1">
      <legend className="sr-only">{results.question}</legend>
      {results.results.map((o) => (
        <label key={o.option_id} className="flex items-center gap-2 text-sm">
          <input
            type={single ? 'radio' : 'checkbox'}
            name={`poll-${surveyId}`}
            checked={selected.includes(o.option_id)}
            onChange={() => onToggle(o.option_id)}
          />
          {o.option_text}
        </label>
      ))}
    </fieldset>
  )
}
