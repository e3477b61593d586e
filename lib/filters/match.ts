// Matching posts against word filters. Plain patterns match case-insensitively anywhere in the text; regular
// expressions run in RE2's linear-time engine (re2js), so a pattern like (a+)+$ cannot hang the server. For speed,
// the rules of a board are checked in one pass: all regular expressions joined into one alternation, and plain
// patterns as substring searches of the lower-cased text. Only when that pass finds something are the rules
// looked at one by one.
import { RE2JS } from 're2js'
import type { FilterAction, FilterWhere } from './schemas'

export interface FilterRule {
  id: number
  pattern: string
  regex: boolean
  boards: string[]
  where: FilterWhere
  action: FilterAction
  message: string
  replacement: string
  banDuration: string | null
  banReason: string | null
}

/** A compiled pattern, or the compiler's error. */
export function compileRule(pattern: string, regex: boolean): RE2JS | Error {
  try {
    return RE2JS.compile(regex ? pattern : RE2JS.quote(pattern), RE2JS.CASE_INSENSITIVE)
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err))
  }
}

interface CompiledRule extends FilterRule {
  re: RE2JS
  lower: string
}

/** The rules that apply to one board, compiled for one-pass matching. */
export class RuleSet {
  private readonly rules: CompiledRule[]
  private readonly anyRegex: RE2JS | null

  constructor(rules: FilterRule[]) {
    this.rules = []
    for (const r of rules) {
      const re = compileRule(r.pattern, r.regex)
      // A stored rule that no longer compiles (it was checked on the way in) is skipped rather than failing posts.
      if (!(re instanceof Error)) this.rules.push({ ...r, re, lower: r.pattern.toLowerCase() })
    }
    const regexes = this.rules.filter((r) => r.regex)
    this.anyRegex = regexes.length
      ? RE2JS.compile(regexes.map((r) => `(?:${r.pattern})`).join('|'), RE2JS.CASE_INSENSITIVE)
      : null
  }

  get size(): number {
    return this.rules.length
  }

  /** The rules matching the topic or content (as each rule's `where` says), in rule order. */
  matching(topic: string, content: string): FilterRule[] {
    if (!this.rules.length) return []
    const lowerTopic = topic.toLowerCase()
    const lowerContent = content.toLowerCase()
    const somePlain = this.rules.some(
      (r) =>
        !r.regex &&
        ((r.where !== 'content' && lowerTopic.includes(r.lower)) ||
          (r.where !== 'topic' && lowerContent.includes(r.lower))),
    )
    const someRegex = this.anyRegex !== null && (this.anyRegex.test(topic) || this.anyRegex.test(content))
    if (!somePlain && !someRegex) return []
    return this.rules.filter((r) =>
      fieldsOf(r, topic, content).some((t) => (r.regex ? r.re.test(t) : t.toLowerCase().includes(r.lower))),
    )
  }
}

function fieldsOf(rule: FilterRule, topic: string, content: string): string[] {
  return rule.where === 'topic' ? [topic] : rule.where === 'content' ? [content] : [topic, content]
}

/** Every match of the rule's pattern in the text replaced by its replacement, taken literally. */
export function replaceAll(rule: FilterRule, text: string): string {
  const re = compileRule(rule.pattern, rule.regex)
  if (re instanceof Error) return text
  const m = re.matcher(text)
  let out = ''
  let last = 0
  while (m.find()) {
    // An empty match (e.g. `a*`) replaces nothing; skipping it keeps the loop moving.
    if (m.end() === m.start()) continue
    out += text.slice(last, m.start()) + rule.replacement
    last = m.end()
  }
  return out + text.slice(last)
}
