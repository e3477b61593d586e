'use client'
import { BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip } from 'chart.js'
import { Bar } from 'react-chartjs-2'
import type { DayCount } from '@/lib/moderation/action-series'
import { actionTypeColor, actionTypeLabel } from './action-type-style'

// Only the chart.js pieces a stacked bar chart uses, so the rest stays out of the bundle.
ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip, Legend)

/** Actions per UTC day, one stacked bar segment per action type; the numbers are also listed below the chart. */
export function ActionsPerDayChart({ byDay }: { byDay: DayCount[] }) {
  const days = [...new Set(byDay.map((d) => d.day))]
  const types = [...new Set(byDay.map((d) => d.action_type))]
  const count = new Map(byDay.map((d) => [`${d.day}|${d.action_type}`, d.count]))
  const data = {
    labels: days.map((d) => d.slice(5)),
    datasets: types.map((t) => ({
      label: actionTypeLabel(t),
      data: days.map((d) => count.get(`${d}|${t}`) ?? 0),
      backgroundColor: actionTypeColor(t),
    })),
  }
  const busyDays = days.filter((d) => types.some((t) => (count.get(`${d}|${t}`) ?? 0) > 0))
  return (
    <div>
      <div className="h-[300px]">
        <Bar
          data={data}
          aria-label="Actions per day"
          options={{
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } } },
            plugins: { legend: { position: 'bottom' } },
          }}
        />
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-slate-600">Numbers per day</summary>
        <table className="mt-2 w-full border-collapse" data-testid="actions-per-day">
          <thead>
            <tr className="border-b border-slate-300 text-left">
              <th className="p-1">Day (UTC)</th>
              {types.map((t) => (
                <th key={t} className="p-1">
                  {actionTypeLabel(t)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {busyDays.map((d) => (
              <tr key={d} className="border-b border-slate-200" data-day={d}>
                <td className="p-1 font-mono">{d}</td>
                {types.map((t) => (
                  <td key={t} className="p-1">
                    {count.get(`${d}|${t}`) ?? 0}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-1 text-xs text-slate-500">Days without actions are left out of this list.</p>
      </details>
    </div>
  )
}
