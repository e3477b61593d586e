// The word filters' cost per post: 100 rules (half plain words, half regular expressions, none matching) checked
// against a 4,000-character post, in this process, as the posting path runs them. Also the rules that the
// filtered text-reply scenario stores, so both measure the same set.
import { distribution, type Distribution } from './stats'
import { RuleSet, type FilterRule } from '../lib/filters/match'

export const FILTER_RULES = 100
const POST_CHARS = 4000

/** The benchmark's rules: none matches ordinary text, so every post pays for the whole scan. */
export function benchRules(count = FILTER_RULES): Omit<FilterRule, 'id'>[] {
  return Array.from({ length: count }, (_, i) => ({
    pattern: i % 2 ? `spamword${i}` : `c[a4]sino\\s*${i}|fr[e3]{2}\\s+pills${i}`,
    regex: i % 2 === 0,
    boards: [],
    where: 'both' as const,
    action: 'reject' as const,
    message: 'Refused by the benchmark filters',
    replacement: '',
    banDuration: null,
    banReason: null,
  }))
}

function postText(): string {
  const words =
    'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore'.split(' ')
  let text = ''
  for (let i = 0; text.length < POST_CHARS; i++) text += `${words[(i * 7) % words.length]} `
  return text.slice(0, POST_CHARS)
}

export interface FilterCost {
  rules: number
  chars: number
  ms: Distribution
}

export function measureFilterCost(repetitions = 2000): FilterCost {
  const set = new RuleSet(benchRules().map((r, id) => ({ ...r, id })))
  const text = postText()
  for (let i = 0; i < 200; i++) set.matching('A topic', text) // warm up the JIT
  const samples: number[] = []
  for (let i = 0; i < repetitions; i++) {
    const start = process.hrtime.bigint()
    if (set.matching('A topic', text).length) throw new Error('a benchmark rule matched the benchmark text')
    samples.push(Number(process.hrtime.bigint() - start) / 1e6)
  }
  return { rules: FILTER_RULES, chars: text.length, ms: distribution(samples) }
}
