// The filter rules in force, kept in memory per process: every post is checked against them, so they are not read
// from the database per post. Any change (from any process, through the event relay) and a lost relay drop the
// copy; the next post loads it again. A copy older than a minute is reloaded too, which catches rows changed
// outside the app.
import { RuleSet, type FilterRule } from './match'
import type { FilterAction, FilterWhere } from './schemas'
import { getDb } from '../db/client'
import type { WordFilter } from '../db/generated/sqlite/client.ts'
import { subscribe } from '../events/bus'
import { processSingleton } from '../process-singleton'

const MAX_AGE_MS = 60_000

interface State {
  loaded: { at: number; rules: FilterRule[] } | null
  loading: Promise<FilterRule[]> | null
  /** Compiling a board's rules takes a while (tens of ms for a hundred): concurrent posts share one compile. */
  byBoard: Map<string, Promise<RuleSet>>
  generation: number
}

const state = () =>
  processSingleton<State>('word-filters', () => {
    const s: State = { loaded: null, loading: null, byBoard: new Map(), generation: 0 }
    subscribe('state', (event) => {
      if (event.name === 'filters_changed' || event.name === 'events_missed') dropRules(s)
    })
    return s
  })

function dropRules(s: State): void {
  s.loaded = null
  s.loading = null
  s.byBoard.clear()
  s.generation++
}

export function toRule(row: WordFilter): FilterRule {
  return {
    id: row.id,
    pattern: row.pattern,
    regex: row.regex,
    boards: row.boards ? row.boards.split(',') : [],
    where: row.where as FilterWhere,
    action: row.action as FilterAction,
    message: row.message,
    replacement: row.replacement,
    banDuration: row.banDuration,
    banReason: row.banReason,
  }
}

async function allRules(s: State): Promise<FilterRule[]> {
  if (s.loaded) return s.loaded.rules
  if (!s.loading) {
    const generation = s.generation
    s.loading = (async () => {
      const db = await getDb()
      const rules = (await db.wordFilter.findMany({ orderBy: { id: 'asc' } })).map(toRule)
      // A change that arrived during the load makes this copy stale: use it for this post, keep nothing.
      if (generation === s.generation) s.loaded = { at: Date.now(), rules }
      return rules
    })().finally(() => {
      if (generation === s.generation) s.loading = null
    })
  }
  return s.loading
}

/** The compiled rules that apply to posts on a board: global ones and those naming the board. */
export function rulesFor(boardId: string): Promise<RuleSet> {
  const s = state()
  if (s.loaded && Date.now() - s.loaded.at >= MAX_AGE_MS) dropRules(s)
  const cached = s.byBoard.get(boardId)
  if (cached) return cached
  const generation = s.generation
  const compiled = allRules(s).then(
    (rules) => new RuleSet(rules.filter((r) => r.boards.length === 0 || r.boards.includes(boardId))),
  )
  s.byBoard.set(boardId, compiled)
  // A failed load is not kept: the next post tries again.
  compiled.catch(() => {
    if (generation === s.generation && s.byBoard.get(boardId) === compiled) s.byBoard.delete(boardId)
  })
  return compiled
}
