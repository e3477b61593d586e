'use client'
import {
  SURVEY_TEXT_MAX as TEXT_MAX,
  SURVEY_OPTIONS_MAX as OPTIONS_MAX,
  SURVEY_OPTIONS_MIN as OPTIONS_MIN,
} from '@/lib/limits'

export interface SurveyDraft {
  enabled: boolean
  type: 'single' | 'multiple'
  question: string
  options: string[]
}
const POLL_TYPES = [
  ['single', 'Single choice'],
  ['multiple', 'Multiple choice'],
] as const

export const EMPTY_SURVEY: SurveyDraft = { enabled: false, type: 'single', question: '', options: ['', ''] }

/** The browser's own checks, worded as the server words them (the server checks again). */
export function surveyProblems(p: SurveyDraft): string[] {
  if (!p.enabled) return []
  const problems: string[] = []
  if (!p.question.trim()) problems.push('Survey question is required')
  if (p.options.filter((o) => o.trim()).length < OPTIONS_MIN) problems.push('Survey must have at least 2 options')
  return problems
}

/** Shown when 50 or fewer characters remain. */
function Remaining({ value }: { value: string }) {
  const left = TEXT_MAX - Array.from(value).length
  return left <= 50 ? (
    <span className={`text-xs ${left < 10 ? 'text-red-600' : 'text-amber-600'}`}>{left} characters remaining</span>
  ) : null
}

export function SurveyEditor({ value, onChange }: { value: SurveyDraft; onChange(p: SurveyDraft): void }) {
  const set = (patch: Partial<SurveyDraft>) => onChange({ ...value, ...patch })
  const setOption = (i: number, text: string) => set({ options: value.options.map((o, j) => (j === i ? text : o)) })
  return (
    <fieldset className="space-y-2 rounded border border-indigo-200 bg-indigo-50/40 p-3">
      <label className="flex items-center gap-2 text-sm font-semibold">
        <input type="checkbox" checked={value.enabled} onChange={(e) => set({ enabled: e.target.checked })} /> Add a
        poll
      </label>
      {value.enabled && (
        <>
          <div className="flex gap-4 text-sm">
            {POLL_TYPES.map(([type, label]) => (
              <label key={type} className="flex items-center gap-1">
                <input type="radio" name="poll-type" checked={value.type === type} onChange={() => set({ type })} />{' '}
                {label}
              </label>
            ))}
          </div>
          <div>
            <label htmlFor="poll-question" className="block text-sm font-medium">
              Question
            </label>
            <input
              id="poll-question"
              value={value.question}
              maxLength={TEXT_MAX}
              onChange={(e) => set({ question: e.target.value })}
              placeholder="What do you want to ask?"
              className="w-full rounded border border-slate-300 p-1.5 text-sm font-medium"
            />
            <Remaining value={value.question} />
          </div>
          <p className="text-sm font-medium">Options</p>
          {value.options.map((option, i) => (
            <div key={i}>
              <div className="flex items-center gap-2">
                <span aria-hidden="true" className="w-5 text-right text-xs text-slate-500">
                  {i + 1}.
                </span>
                <input
                  aria-label={`Option ${i + 1}`}
                  value={option}
                  maxLength={TEXT_MAX}
                  onChange={(e) => setOption(i, e.target.value)}
                  placeholder={`Option ${i + 1}`}
                  className="flex-1 rounded border border-slate-300 p-1.5 text-sm"
                />
                {value.options.length > OPTIONS_MIN && (
                  <button
                    type="button"
                    aria-label={`Remove option ${i + 1}`}
                    onClick={() => set({ options: value.options.filter((_, j) => j !== i) })}
                    className="px-2 text-slate-500 hover:text-red-600"
                  >
                    ×
                  </button>
                )}
              </div>
              <Remaining value={option} />
            </div>
          ))}
          {value.options.length < OPTIONS_MAX && (
            <button
              type="button"
              onClick={() => set({ options: [...value.options, ''] })}
              className="text-sm font-medium text-indigo-700 hover:underline"
            >
              + Add option
            </button>
          )}
        </>
      )}
    </fieldset>
  )
}
