import { describe, expect, it } from 'vitest'
import { excerptOf, excerptPieces } from '@/lib/search/highlight'
import { ZSearchQuery } from '@/lib/search/schemas'
import { fts5Match } from '@/lib/search/sqlite-query'
import { fold, searchWords } from '@/lib/search/terms'

const marked = (e: { excerpt: string; highlights: { start: number; end: number }[] }) =>
  e.highlights.map(({ start, end }) => Array.from(e.excerpt).slice(start, end).join(''))

describe('searchWords', () => {
  it('keeps letters and digits of any script and drops operators, quotes and emoji', () => {
    expect(searchWords('"foo" AND bar* -baz NEAR(x y) title:z (')).toEqual([
      'foo',
      'and',
      'bar',
      'baz',
      'near',
      'x',
      'y',
      'title',
      'z',
    ])
    expect(searchWords('Привет 日本語 مرحبا 🎉 café')).toEqual(['привет', '日本語', 'مرحبا', 'café'])
    expect(searchWords('🎉 *** ()')).toEqual([])
  })

  it('counts a word once', () => {
    expect(searchWords('Cat cat CAT dog')).toEqual(['cat', 'dog'])
  })

  it('folds case and accents for comparison', () => {
    expect(fold('CAFÉ')).toBe('cafe')
    expect(fold('Ёлка')).toBe('елка')
  })
})

describe('fts5Match', () => {
  it('quotes every word so FTS5 reads no operator', () => {
    expect(fts5Match(searchWords('NEAR AND OR NOT'))).toBe('"near" "and" "or" "not"')
  })
})

describe('excerptOf', () => {
  it('marks every matched word without case or accents, by code point offsets', () => {
    const e = excerptOf('🎉 Café au lait, CAFE noir', ['cafe'])
    expect(e.excerpt).toBe('🎉 Café au lait, CAFE noir')
    expect(e.highlights).toEqual([
      { start: 2, end: 6 },
      { start: 16, end: 20 },
    ])
    expect(marked(e)).toEqual(['Café', 'CAFE'])
  })

  it('marks whole words only', () => {
    expect(marked(excerptOf('cats and a cat', ['cat']))).toEqual(['cat'])
  })

  it('cuts long text around the first match with ellipses', () => {
    const text = `${'word '.repeat(100)}needle ${'tail '.repeat(100)}`
    const e = excerptOf(text, ['needle'], 100)
    expect(e.excerpt.startsWith('…')).toBe(true)
    expect(e.excerpt.endsWith('…')).toBe(true)
    expect(Array.from(e.excerpt)).toHaveLength(102)
    expect(marked(e)).toEqual(['needle'])
  })

  it('starts at the beginning when nothing in the text matches (a topic match)', () => {
    const e = excerptOf('a b c', ['zzz'])
    expect(e).toEqual({ excerpt: 'a b c', highlights: [] })
  })

  it('collapses whitespace and keeps markup characters as text', () => {
    const e = excerptOf('<script>alert(1)</script>\n\n>quote   x', ['script'])
    expect(e.excerpt).toBe('<script>alert(1)</script> >quote x')
    expect(marked(e)).toEqual(['script', 'script'])
  })
})

describe('excerptPieces', () => {
  it('splits the excerpt into plain and marked pieces that join back to it', () => {
    const e = excerptOf('日本語 and 🎉 日本語!', ['日本語'])
    const pieces = excerptPieces(e)
    expect(pieces).toEqual([
      { text: '日本語', marked: true },
      { text: ' and 🎉 ', marked: false },
      { text: '日本語', marked: true },
      { text: '!', marked: false },
    ])
    expect(pieces.map((p) => p.text).join('')).toBe(e.excerpt)
  })
})

describe('ZSearchQuery', () => {
  const issues = (input: Record<string, string>) => {
    const r = ZSearchQuery.safeParse(input)
    return r.success ? [] : r.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`)
  }

  it('accepts a search with an optional board and page', () => {
    expect(ZSearchQuery.parse({ q: ' hello ' })).toEqual({ q: 'hello', page: 1 })
    expect(ZSearchQuery.parse({ q: 'x', board: 'tech', page: '3' })).toEqual({ q: 'x', board: 'tech', page: 3 })
    expect(ZSearchQuery.parse({ q: 'x', board: '' })).toEqual({ q: 'x', page: 1 })
  })

  it('refuses empty, wordless, too long and too many words with clear messages', () => {
    expect(issues({})).toEqual(['q: Enter words to search for'])
    expect(issues({ q: '   ' })).toEqual(['q: Enter words to search for'])
    expect(issues({ q: '🎉 ***' })).toEqual(['q: Search for at least one word of letters or digits'])
    expect(issues({ q: 'a'.repeat(201) })).toEqual(['q: Search text must be at most 200 characters'])
    expect(issues({ q: 'a b c d e f g h i j k l m n o p q' })).toEqual(['q: Search for at most 16 different words'])
  })

  it('refuses a malformed board and a page out of range', () => {
    expect(issues({ q: 'x', board: 'Tech!' })).toEqual(['board: board must be a board id'])
    for (const page of ['0', '-1', '1.5', 'x', '41', '99999'])
      expect(issues({ q: 'x', page })).toEqual(['page: page must be a whole number from 1 to 40'])
  })
})
