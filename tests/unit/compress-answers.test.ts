// Which answers server.ts compresses (lib/http/compress-answers.ts): pages whatever the method, reads of a
// compressible type, never JSON answers to writes, JSON errors, parts of files or types that do not compress.
import { describe, expect, it } from 'vitest'
import { worthCompressing } from '@/lib/http/compress-answers'

describe('worthCompressing', () => {
  it.each([
    ['GET', 200, 'text/html; charset=utf-8', true],
    ['HEAD', 200, 'text/html; charset=utf-8', true],
    ['GET', 404, 'text/html; charset=utf-8', true],
    ['POST', 200, 'text/html; charset=utf-8', true],
    ['POST', 200, 'text/x-component', true],
    ['GET', 200, 'application/json', true],
    ['GET', 200, 'application/javascript; charset=UTF-8', true],
    ['GET', 404, 'application/json', false],
    ['POST', 201, 'application/json', false],
    ['DELETE', 200, 'application/json', false],
    ['GET', 206, 'application/javascript; charset=UTF-8', false],
    ['GET', 200, 'image/webp', false],
    ['GET', 200, undefined, false],
  ] as const)('%s %i %s → %s', (method, status, type, expected) => {
    expect(worthCompressing(method, status, type)).toBe(expected)
  })
})
