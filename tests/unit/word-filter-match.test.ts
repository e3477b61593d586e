// The matching core of the word filters: one pass finds whether any rule matches, then the rules are looked at one
// by one; plain patterns are literal and case-insensitive; replacements are literal.
import { describe, expect, it } from 'vitest'
import { compileRule, replaceAll, RuleSet, type FilterRule } from '../../lib/filters/match'

const rule = (id: number, pattern: string, extra: Partial<FilterRule> = {}): FilterRule => ({
  id,
  pattern,
  regex: false,
  boards: [],
  where: 'both',
  action: 'reject',
  message: '',
  replacement: '',
  banDuration: null,
  banReason: null,
  ...extra,
})

describe('word filter matching', () => {
  it('finds plain and regex rules in the fields they look at, in rule order', () => {
    const set = new RuleSet([
      rule(1, 'Foo'),
      rule(2, 'b[a4]r', { regex: true }),
      rule(3, 'topiconly', { where: 'topic' }),
      rule(4, 'textonly', { where: 'content' }),
    ])
    expect(set.matching('', 'nothing here')).toEqual([])
    expect(set.matching('', 'a FOO and a B4R').map((r) => r.id)).toEqual([1, 2])
    expect(set.matching('topiconly', 'textonly').map((r) => r.id)).toEqual([3, 4])
    expect(set.matching('textonly', 'topiconly')).toEqual([])
  })

  it('treats regular-expression characters in plain patterns literally', () => {
    const set = new RuleSet([rule(1, 'a.b*')])
    expect(set.matching('', 'axbbb')).toEqual([])
    expect(set.matching('', 'an A.B* here').map((r) => r.id)).toEqual([1])
  })

  it('refuses patterns RE2 cannot run in linear time', () => {
    expect(compileRule('(a)\\1', true)).toBeInstanceOf(Error)
    expect(compileRule('(?<=x)y', true)).toBeInstanceOf(Error)
    expect(compileRule('(a+)+$', true)).not.toBeInstanceOf(Error)
  })

  it('replaces every match literally, leaving empty matches alone', () => {
    expect(replaceAll(rule(1, 'darn', { replacement: '$1 [x]' }), 'Darn, DARN it')).toBe('$1 [x], $1 [x] it')
    expect(replaceAll(rule(2, 'a*', { regex: true, replacement: '-' }), 'baaac')).toBe('b-c')
    expect(replaceAll(rule(3, '🙂', { replacement: ':)' }), 'hi 🙂 there 🙂')).toBe('hi :) there :)')
  })
})
