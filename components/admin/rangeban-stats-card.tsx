import { Card } from '@/components/ui/card'
import { FiguresHead, FiguresRow } from '@/components/ui/figures-table'
import type { RangeBanStats } from '@/lib/rangebans/manage'

/** Statistics: active and total counts per ban type; the most banned countries (all boards). */
export function RangeBanStatsCard({ stats }: { stats: RangeBanStats }) {
  return (
    <Card title="Statistics">
      <div className="grid gap-4 text-sm md:grid-cols-2">
        <div>
          <h3 className="mb-1 font-semibold">By type</h3>
          {stats.byType.length === 0 ? (
            <p className="text-slate-600">No rangebans yet</p>
          ) : (
            <table className="w-full" data-testid="rangeban-type-stats">
              <FiguresHead columns={['Type', 'Active', 'Total']} />
              <tbody>
                {stats.byType.map((t) => (
                  <FiguresRow
                    key={t.ban_type}
                    data-ban-type={t.ban_type}
                    className="border-b last:border-0"
                    label={<TypeBadge type={t.ban_type} />}
                    figures={[t.active_count, t.count]}
                  />
                ))}
              </tbody>
            </table>
          )}
        </div>
        <div>
          <h3 className="mb-1 font-semibold">Top banned countries</h3>
          {stats.topCountries.length === 0 ? (
            <p className="text-slate-600">No country bans in force</p>
          ) : (
            <ol className="space-y-0.5" data-testid="rangeban-top-countries">
              {stats.topCountries.map((c) => (
                <li key={c.country_code} className="flex justify-between gap-2">
                  <span>
                    <span className="font-mono">{c.country_code}</span> - {c.country_name}
                  </span>
                  <span className="font-mono">{c.ban_count}</span>
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
    </Card>
  )
}

const TYPE_BADGE: Record<string, string> = {
  country: 'bg-blue-600 text-white',
  asn: 'bg-purple-600 text-white',
  ip_range: 'bg-amber-500 text-slate-900',
}

export function TypeBadge({ type }: { type: string }) {
  return (
    <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${TYPE_BADGE[type] ?? 'bg-slate-600 text-white'}`}>
      {type}
    </span>
  )
}
