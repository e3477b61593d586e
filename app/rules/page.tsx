import type { Metadata } from 'next'
import Link from 'next/link'
import { Card } from '@/components/ui/card'
import { BackLink } from '@/components/ui/page-back-link'
import { BOARD_RULES, GLOBAL_RULES, GUIDELINES, RULES_LAST_UPDATED } from '@/lib/boards/rules'

export const metadata: Metadata = {
  title: 'Rules',
  description: 'The rules of every board.',
  alternates: { canonical: '/rules' },
}

/** A list of rules or guidelines, one item each. */
function TextList({
  as: List = 'ul',
  className,
  items,
}: {
  as?: 'ol' | 'ul'
  className: string
  items: readonly string[]
}) {
  return (
    <List className={className}>
      {items.map((text) => (
        <li key={text}>{text}</li>
      ))}
    </List>
  )
}

export default function RulesPage() {
  return (
    <div className="space-y-4">
      <BackLink href="/" label="Home" />
      <h1 className="text-2xl font-bold">Rules</h1>
      <Card title="Global rules">
        <TextList as="ol" className="list-inside list-decimal space-y-1 text-sm" items={GLOBAL_RULES} />
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
                <TextList className="list-inside list-disc text-sm" items={rules} />
              </section>
            ))}
        </div>
      </Card>
      <Card title="General guidelines">
        <TextList className="list-inside list-disc space-y-1 text-sm" items={GUIDELINES} />
      </Card>
      <p className="text-xs text-slate-500">Last updated: {RULES_LAST_UPDATED}</p>
    </div>
  )
}
