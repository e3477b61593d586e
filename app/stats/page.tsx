import type { Metadata } from 'next'
import { StatsView } from '@/components/stats/stats-view'
import { Card } from '@/components/ui/card'
import { BackLink } from '@/components/ui/page-back-link'
import { log } from '@/lib/log'
import { getHourlyStats, getStatsOverview } from '@/lib/stats/public-stats'
import { STATS_FAILED } from '@/lib/stats/types'

export const dynamic = 'force-dynamic'
export const metadata: Metadata = {
  title: 'Site Statistics',
  description: 'Anonymized visitor and post statistics of every board.',
  alternates: { canonical: '/stats' },
}

// The figures are in the server-rendered HTML (readers without JavaScript, crawlers); charts draw on top of them.
export default async function StatsPage() {
  const loaded = await Promise.all([getStatsOverview(), getHourlyStats(24)]).catch((err) => {
    log.error('statistics failed:', err)
    return null
  })
  return (
    <div className="space-y-4">
      <BackLink href="/" label="Home" />
      {loaded ? (
        <StatsView overview={loaded[0]} hourly={loaded[1]} />
      ) : (
        <Card title="Site Statistics">
          <p role="alert" className="text-red-600">
            {STATS_FAILED}
          </p>
        </Card>
      )}
    </div>
  )
}
