'use client'
import Link from 'next/link'
import { Card } from '@/components/ui/card'
import { FiguresHead, FiguresRow } from '@/components/ui/figures-table'
import { useStatsOverview } from '@/lib/client/hooks/use-stats'
import { STATS_FAILED as FAILED, type HourlyStats, type StatsOverview } from '@/lib/stats/types'
import { formatTimestamp } from '@/lib/ui/relative-time'
import { ActivityCharts } from './activity-charts'
import { BoardActivityChart, CountryCharts } from './distribution-charts'

/** /stats: summary cards, charts and the board table, refreshed every 5 minutes. */
export function StatsView({ overview: initial, hourly }: { overview: StatsOverview; hourly: HourlyStats }) {
  const { data: overview, error } = useStatsOverview(initial)
  const { overall } = overview
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">Site Statistics</h1>
        <p className="text-sm text-slate-600">
          Last updated: <time dateTime={overview.lastUpdated}>{formatTimestamp(overview.lastUpdated)}</time>
        </p>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {FAILED}
        </p>
      )}

      <div className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-label="Unique visitors">
        <SummaryCard label="Lifetime Visitors" value={overall.uniqueVisitorsLifetime} />
        <SummaryCard label="Last Month" value={overall.uniqueVisitorsMonth} />
        <SummaryCard label="Last 24 Hours" value={overall.uniqueVisitorsDay} />
        <SummaryCard label="Last Hour" value={overall.uniqueVisitorsHour} />
      </div>

      <ActivityCharts initial={hourly} />
      <BoardActivityChart boards={overview.boards} />
      <CountryCharts countries={overview.countries} />

      <Card title="Board Statistics Details">
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <FiguresHead columns={['Board', 'Hour', 'Day', 'Month', 'Lifetime']} gap="pr-4" />
            <tbody>
              {overview.boards.map((b) => (
                <FiguresRow
                  key={b.boardId}
                  className="border-b border-slate-100"
                  data-testid={`board-row-${b.boardId}`}
                  gap="pr-4"
                  label={
                    <Link href={`/board/${b.boardId}`} className="text-board-link hover:underline">
                      /{b.boardId}/ - {b.boardName}
                    </Link>
                  }
                  figures={[b.postsHour, b.postsDay, b.postsMonth, b.postsLifetime]}
                />
              ))}
            </tbody>
          </table>
        </div>
      </Card>

      <p className="text-center text-xs text-slate-500">
        Statistics are updated every 5 minutes. All data is anonymized.
      </p>
    </div>
  )
}

function SummaryCard({ label, value }: { label: string; value: number }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-board-card p-4 shadow-sm" aria-label={label}>
      <h2 className="text-sm text-slate-600">{label}</h2>
      <p className="text-2xl font-bold" data-testid={`summary-${label}`}>
        {value.toLocaleString('en-US')}
      </p>
    </section>
  )
}
