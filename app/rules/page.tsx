import type { Metadata } from 'next'
import Link from 'next/link'
import { Card } from '@/components/ui/card'
import { BOARD_RULES, GLOBAL_RULES, GUIDELINES, RULES_LAST_UPDATED } from '@/lib/boards/rules'

export const metadata: Metadata = {
  title: 'Rules',
  description: 'The rules of every board.',
  alternates: { canonical: '/rules' },
}

export default function RulesPage() {
  return (
    <div className="space-y-4">
      <Link href="/" className="text-sm text-board-link hover:underline">
        ← Home
      </Link>
      <h1 className="text-2xl font-bold">Rules</h1>
      <Card title="Global rules">
        <ol className="list-inside list-decimal space-y-1 text-sm">
          {GLOBAL_RULES.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ol>
      </Card>
      <Card title="Board rules">
        <div className="grid gap-4 sm:grid-cols-2">
          {Object.entries(BOARD_RULES)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([board, rules]) => (
              <section key={board}>
                <h3 className="font-semibold">
                  <Link href={`/board/${board}`} className="text-board-link hover:underline">
                    /{board}/
                  </Link>
                </h3>
                <ul className="list-inside list-disc text-sm">
                  {rules.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ul>
              </section>
            ))}
        </div>
      </Card>
      <Card title="General guidelines">
        <ul className="list-inside list-disc space-y-1 text-sm">
          {GUIDELINES.map((g) => (
            <li key={g}>{g}</li>
          ))}
        </ul>
      </Card>
      <p className="text-xs text-slate-500">Last updated: {RULES_LAST_UPDATED}</p>
    </div>
  )
}
