import type { Correlation } from '@/lib/surveys/types'

/** Option pairs chosen together in a multiple-choice poll. */
export function SurveyCorrelations({ correlations }: { correlations: Correlation[] }) {
  if (!correlations.length)
    return (
      <p className="mt-2 text-sm text-slate-500" data-testid="poll-correlations">
        No options chosen together yet.
      </p>
    )
  return (
    <table className="mt-2 w-full text-sm" data-testid="poll-correlations">
      <thead>
        <tr className="text-left text-xs text-slate-500">
          <th>Chosen together</th>
          <th className="text-right">Responses</th>
        </tr>
      </thead>
      <tbody>
        {correlations.map((c) => (
          <tr key={`${c.option1.id}-${c.option2.id}`}>
            <td>
              {c.option1.text} + {c.option2.text}
            </td>
            <td className="text-right tabular-nums">
              {c.co_occurrence_count} ({c.correlation_percentage}%)
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
