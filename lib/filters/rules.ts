// The filter rules in force, kept in memory per process: every post is checked against them, so they are not read
// from the database per post. Any change (from any process, through the event relay) and a lost relay drop the
// copy (and the rules compiled from it); the next post loads it again. A copy older than a minute is reloaded too,
// which catches rows changed outside the app (lib/events/cached-copy.ts).
import { RuleSet, type FilterRule } from './match'
import type { FilterAction, FilterWhere } from './schemas'
import { getDb } from '../db/client'
import type { WordFilter } from '../db/generated/sqlite/client.ts'
import { cachedCopy } from '../events/cached-copy'
import { processSingleton } from '../process-singleton'

const MAX_AGE_MS = 60_000

/** Compiling a board's rules takes a while (tens of ms for a hundred): concurrent posts share one compile. */
const byBoard = () => processSingleton('word-filters.by-board', () => new Map<string, Promise<RuleSet>>())

const allRules = cachedCopy('word-filters', {
  changedBy: 'filters_changed',
  maxAgeMs: MAX_AGE_MS,
  load: async () => {
    const db = await getDb()
    return (await db.wordFilter.findMany({ orderBy: { id: 'asc' } })).map(toRule)
  },
  onDrop: () => byBoard().clear(),
})

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

/** The compiled rules that apply to posts on a board: global ones and those naming the board. */
export function rulesFor(boardId: string): Promise<RuleSet> {
  const copy = allRules()
  copy.dropIfOld()
  const cached = byBoard().get(boardId)
  if (cached) return cached
  const generation = copy.generation
  const compiled = copy
    .get()
    .then((rules) => new RuleSet(rules.filter((r) => r.boards.length === 0 || r.boards.includes(boardId))))
  byBoard().set(boardId, compiled)
  // A failed load is not kept: the next post tries again.
  compiled.catch(() => {
    if (generation === copy.generation && byBoard().get(boardId) === compiled) byBoard().delete(boardId)
  })
  return compiled
}
