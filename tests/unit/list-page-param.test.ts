// The page number of paged staff lists (the action log): plain numbers pass, anything else is the first page.
import { describe, expect, it } from 'vitest'
import { listPageParam } from '@/lib/http/params'

describe('listPageParam', () => {
  it('reads plain page numbers', () => {
    expect(listPageParam('1')).toBe(1)
    expect(listPageParam('42')).toBe(42)
    expect(listPageParam('99999')).toBe(99999)
  })

  it('shows the first page for anything else, never a number the database refuses as an offset', () => {
    for (const raw of [undefined, '', '0', '-3', '01', '1e999', 'Infinity', '2.5', '100000', ' 2', 'U9H'])
      expect(listPageParam(raw), String(raw)).toBe(1)
  })
})
