'use client'
import { useState, type ReactNode } from 'react'
import { Line } from 'react-chartjs-2'
import { Card } from '@/components/ui/card'
import { useHourlyStats } from '@/lib/client/hooks/use-stats'
import type { HourlyStats } from '@/lib/stats/types'
import { COUNT_AXIS, lineSeries, PALETTE } from './chart-setup'

const RANGES = [
  { hours: 24, label: 'Last 24 Hours' },
  { hours: 48, label: 'Last 48 Hours' },
  { hours: 168, label: 'Last 7 Days' },
]
const LINE_OPTIONS = {
  responsive: true,
  maintainAspectRatio: false,
  interaction: { mode: 'index' as const, intersect: false },
  scales: { y: COUNT_AXIS },
}

/** Hour labels in the reader's time zone: "14:00", or "Mon 14:00" over a week. */
function hourLabel(iso: string, hours: number): string {
  const d = new Date(iso)
  const time = `${String(d.getHours()).padStart(2, '0')}:00`
  return hours > 48 ? `${d.toLocaleDateString('en-US', { weekday: 'short' })} ${time}` : time
}

/** Visitor Activity and Post Activity line charts with the 24/48/168-hour selector. */
export function ActivityCharts({ initial }: { initial: HourlyStats }) {
  const [hours, setHours] = useState(initial.hours)
  const { data, isLoading } = useHourlyStats(hours, initial)
  const labels = data?.data.views.map((v) => hourLabel(v.hour, hours)) ?? []
  const totalViews = data?.data.views.reduce((n, v) => n + v.page_views, 0) ?? 0
  const totalPosts = data?.data.posts.reduce((n, p) => n + p.posts_count, 0) ?? 0

  const selector = (
    <select
      aria-label="Time range"
      value={hours}
      onChange={(e) => setHours(Number(e.target.value))}
      className="rounded border border-slate-300 bg-white px-2 py-1 text-sm font-normal"
    >
      {RANGES.map((r) => (
        <option key={r.hours} value={r.hours}>
          {r.label}
        </option>
      ))}
    </select>
  )
  const loading = <p className="flex h-[300px] items-center justify-center text-slate-500">Loading statistics...</p>

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card title={<span className="flex items-center justify-between gap-2">Visitor Activity {selector}</span>}>
        {!data && isLoading ? (
          loading
        ) : (
          <ActivityLine
            label="Visitor Activity"
            labels={labels}
            fallback={<>{totalViews} page views in the selected range.</>}
            datasets={[
              lineSeries('Unique Visitors', data?.data.views.map((v) => v.unique_visitors) ?? [], PALETTE[0], true),
              lineSeries('Page Views', data?.data.views.map((v) => v.page_views) ?? [], PALETTE[1]),
            ]}
          />
        )}
      </Card>
      <Card title="Post Activity">
        {!data && isLoading ? (
          loading
        ) : (
          <ActivityLine
            label="Post Activity"
            labels={labels}
            fallback={<>{totalPosts} posts in the selected range.</>}
            datasets={[lineSeries('Posts Created', data?.data.posts.map((p) => p.posts_count) ?? [], PALETTE[4], true)]}
          />
        )}
      </Card>
    </div>
  )
}

/** One activity line chart, 300 px high, with its text alternative for assistive technology. */
function ActivityLine({
  label,
  labels,
  fallback,
  datasets,
}: {
  label: string
  labels: string[]
  fallback: ReactNode
  datasets: ReturnType<typeof lineSeries>[]
}) {
  return (
    <div className="h-[300px]">
      <Line
        aria-label={label}
        role="img"
        options={LINE_OPTIONS}
        fallbackContent={<p>{fallback}</p>}
        data={{ labels, datasets }}
      />
    </div>
  )
}
