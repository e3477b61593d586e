'use client'
import type { ReactNode } from 'react'
import { Bar, Doughnut } from 'react-chartjs-2'
import { Card } from '@/components/ui/card'
import type { StatsOverview } from '@/lib/stats/types'
import { COUNT_AXIS, PALETTE } from './chart-setup'

const TOP = 10

/** Posts in the last 24 hours and the last month per board (400 px high). */
export function BoardActivityChart({ boards }: { boards: StatsOverview['boards'] }) {
  const sorted = [...boards].sort((a, b) => a.boardId.localeCompare(b.boardId))
  return (
    <Card title="Board Activity">
      <div className="h-[400px]">
        <Bar
          aria-label="Board Activity"
          role="img"
          options={{
            responsive: true,
            maintainAspectRatio: false,
            scales: { y: COUNT_AXIS },
          }}
          fallbackContent={<p>Posts per board in the last 24 hours and the last month.</p>}
          data={{
            labels: sorted.map((b) => `/${b.boardId}/`),
            datasets: [
              { label: 'Posts Last 24h', data: sorted.map((b) => b.postsDay), backgroundColor: PALETTE[0] },
              { label: 'Last Month', data: sorted.map((b) => b.postsMonth), backgroundColor: PALETTE[1] },
            ],
          }}
        />
      </div>
    </Card>
  )
}

/** Top 10 countries by unique visitors (doughnut) and by posts (horizontal bars), last 30 days. */
export function CountryCharts({ countries }: { countries: StatsOverview['countries'] }) {
  const views = countries.views.slice(0, TOP)
  const posts = countries.posts.slice(0, TOP)
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <CountryPanel title="Top Countries by Visitors" empty={!views.length}>
        <Doughnut
          aria-label="Top Countries by Visitors"
          role="img"
          options={{ responsive: true, maintainAspectRatio: false, plugins: { legend: { position: 'right' } } }}
          fallbackContent={<p>{views.map((c) => `${c.countryName}: ${c.uniqueVisitors}`).join(', ')}</p>}
          data={{
            labels: views.map((c) => c.countryName),
            datasets: [
              { label: 'Unique Visitors', data: views.map((c) => c.uniqueVisitors), backgroundColor: PALETTE },
            ],
          }}
        />
      </CountryPanel>
      <CountryPanel title="Top Countries by Posts" empty={!posts.length}>
        <Bar
          aria-label="Top Countries by Posts"
          role="img"
          options={{
            indexAxis: 'y',
            responsive: true,
            maintainAspectRatio: false,
            plugins: { legend: { display: false } },
            scales: { x: COUNT_AXIS },
          }}
          fallbackContent={<p>{posts.map((c) => `${c.countryName}: ${c.totalPosts}`).join(', ')}</p>}
          data={{
            labels: posts.map((c) => c.countryName),
            datasets: [{ label: 'Posts', data: posts.map((c) => c.totalPosts), backgroundColor: PALETTE[3] }],
          }}
        />
      </CountryPanel>
    </div>
  )
}

/** A country chart's card, 300 px high; says so while the last 30 days have no data. */
function CountryPanel({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  return (
    <Card title={title}>
      <div className="h-[300px]">
        {empty ? (
          <p className="flex h-full items-center justify-center text-sm text-slate-500">
            No data for the last 30 days yet.
          </p>
        ) : (
          children
        )}
      </div>
    </Card>
  )
}
