import type { SurveyResults } from '@/lib/surveys/types'

/** Vote counts and percentages as bars; the reader's own choices are marked. Renders on the server too. */
export function SurveyResultBars({ results, mine = [] }: { results: SurveyResults; mine?: number[] }) {
  return (
    <ul className="space-y-1" data-testid="poll-results">
      {results.results.map((o) => (
        <li key={o.option_id} className="text-sm" data-option-id={o.option_id}>
          <div className="flex justify-between gap-2">
            <span>
              {o.option_text}
              {mine.includes(o.option_id) && <strong className="ml-1 text-indigo-700">✓ your vote</strong>}
            </span>
            <span className="tabular-nums text-slate-600" data-testid="poll-count">
              {o.vote_count} ({o.percentage}%)
            </span>
          </div>
          <div className="h-2 overflow-hidden rounded bg-slate-200">
            <div className="h-full bg-indigo-500" style={{ width: `${Math.min(100, o.percentage)}%` }} />
          </div>
        </li>
      ))}
      <li className="text-xs text-slate-500">Total responses: {results.total_responses}</li>
    </ul>
  )
}
