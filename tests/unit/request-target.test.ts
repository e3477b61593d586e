import { describe, expect, it } from 'vitest'
import { isApiPath, isKnownMethod, targetProblem } from '@/lib/http/request-target'
import { jsonDepth } from '@/lib/http/route'

describe('request targets', () => {
  it.each([
    ['/', null],
    ['/board/tech?after=%ff', null],
    ['/board/%e2%82%ac', null],
    ['*', 'form'],
    ['http://example.com/', 'form'],
    ['example.com:443', 'form'],
    ['', 'form'],
    ['/board/%ff', 'encoding'],
    ['/api/boards/%', 'encoding'],
    ['/%c0%af', 'encoding'],
    [`/api/boards?${'a=1&'.repeat(100)}`, 'query'],
    [`/api/boards?${'a=1&'.repeat(99)}`, null],
  ])('%s → %s', (target, problem) => {
    expect(targetProblem(target)).toBe(problem)
  })

  it('tells API paths from pages', () => {
    expect([
      isApiPath('/api'),
      isApiPath('/api/boards'),
      isApiPath('/api?x'),
      isApiPath('/apix'),
      isApiPath('/board/api'),
    ]).toEqual([true, true, true, false, false])
  })

  it('knows the methods the app answers', () => {
    expect(['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'].every(isKnownMethod)).toBe(true)
    expect(['TRACE', 'PROPFIND', 'get', undefined].some(isKnownMethod)).toBe(false)
  })
})

describe('JSON depth', () => {
  it.each([
    ['1', 0],
    ['[]', 1],
    ['{"a":[{"b":[]}]}', 4],
    ['"[[[[["', 0],
    ['["\\"[[["]', 1],
    ['{"a":"\\\\"}', 1],
  ])('%s → %i', (text, depth) => {
    expect(jsonDepth(text)).toBe(depth)
  })

  it('counts 32,000 levels without recursion', () => {
    expect(jsonDepth('['.repeat(32_000) + ']'.repeat(32_000))).toBe(32_000)
  })
})
