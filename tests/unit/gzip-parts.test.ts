// Gzip put together from parts compressed one by one (lib/http/gzip-parts.ts): what zlib decodes (checking the
// stream, its CRC-32 and its length) is the parts' bytes in order, however they mix kept and unkept parts, large and
// small; a kept part is compressed once and its form reused; and encodeKnownBody sends a body of mostly kept parts
// this way to a visitor who takes gzip, and any other body as before.
import type { IncomingMessage } from 'node:http'
import { deflateRawSync, gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { encodeKnownBody } from '@/lib/http/compress-known-body'
import { gzipOfParts, mostlyKept } from '@/lib/http/gzip-parts'
import { byteLength, keptPart } from '@/lib/http/known-body'

const JSON_TYPE = { 'content-type': 'application/json' }
const request = (acceptEncoding: string) =>
  ({ method: 'GET', headers: { 'accept-encoding': acceptEncoding } }) as IncomingMessage

/** A thread-list-like body: kept entries of a few KB (the same keys, varied words) between small unkept joins. */
const WORDS = 'thread reply image board anonymous poster quote green text sage bump archive catalog'.split(' ')
function entry(i: number): Buffer {
  let seed = i + 1
  const word = () => WORDS[(seed = (seed * 16807) % 2147483647) % WORDS.length]
  const post = (n: number) =>
    `{"id":${i * 1000 + n},"name":"Anonymous","content":"${Array.from({ length: 60 }, word).join(' ')}"}`
  return Buffer.from(`{"id":${i},"op":${post(0)},"latestReplies":[${[1, 2, 3, 4, 5].map(post).join(',')}]}`)
}
function listOf(count: number, kept = true): Buffer[] {
  const parts: Buffer[] = [Buffer.from('{"threads":[')]
  for (let i = 0; i < count; i++) {
    if (i) parts.push(Buffer.from(','))
    parts.push(kept ? keptPart(entry(i)) : entry(i))
  }
  parts.push(Buffer.from(']}'))
  return parts
}
const gunzipped = (parts: readonly Buffer[]) => gunzipSync(Buffer.concat(parts))

describe('gzipOfParts', () => {
  it('decodes to the parts in order, CRC and length checked', () => {
    const parts = listOf(100)
    const out = gzipOfParts(parts, byteLength(parts))
    expect(gunzipped(out).equals(Buffer.concat(parts))).toBe(true)
    expect(byteLength(out)).toBeLessThan(byteLength(parts) / 3)
  })

  it('decodes with unkept parts of every size, empty ones and none at all', () => {
    const large = Buffer.from('unkept and large '.repeat(4000)) // above a stored block's 64 KB
    const parts = [
      Buffer.alloc(0),
      Buffer.from('x'),
      keptPart(entry(3)),
      large,
      Buffer.alloc(0),
      Buffer.from('y'.repeat(511)),
    ]
    expect(gunzipped(gzipOfParts(parts, byteLength(parts))).equals(Buffer.concat(parts))).toBe(true)
    expect(gunzipped(gzipOfParts([], 0)).length).toBe(0)
  })

  it('compresses a kept part once and sends that same form while the same parts precede it', () => {
    const [a, b, c] = [7, 8, 9].map((i) => keptPart(entry(i)))
    const first = gzipOfParts([a, b], a.length + b.length)
    const again = gzipOfParts([a, b, c], a.length + b.length + c.length)
    expect(again[2]).toBe(first[2]) // b's form, made once
    expect(gunzipped(again).toString()).toBe(`${a}${b}${c}`)
  })

  it('compresses a kept part again when other parts come to precede it, as when a reply moves a thread up', () => {
    const list = listOf(60)
    const once = gzipOfParts(list, byteLength(list))
    // The last thread bumped to the top: its entry now opens the list, and the old first entry follows it.
    const moved = [list[0], list[119], list[2], ...list.slice(1, 118), list[120]]
    expect(byteLength(moved)).toBe(byteLength(list))
    const after = gzipOfParts(moved, byteLength(moved))
    expect(gunzipped(after).equals(Buffer.concat(moved))).toBe(true)
    // Unchanged neighbourhoods keep their forms: only the few entries around the two places are made again.
    const reused = after.filter((form) => once.includes(form) && form.length > 5).length
    expect(reused).toBeGreaterThan(45)
    expect(gunzipped(gzipOfParts(list, byteLength(list))).equals(Buffer.concat(list))).toBe(true)
  })

  it('compresses each part with those before it as its dictionary: about as small as the body compressed whole', () => {
    const list = listOf(60)
    const alone = list.reduce((sum, part) => sum + deflateRawSync(part, { level: 6 }).length, 0)
    const whole = gzipSync(Buffer.concat(list), { level: 6 }).length
    const parts = byteLength(gzipOfParts(list, byteLength(list)))
    expect(parts).toBeLessThan(whole * 1.25)
    expect(parts).toBeLessThan(alone * 0.8)
  })

  it('counts a body as mostly kept by bytes, not by parts', () => {
    const kept = listOf(10)
    expect(mostlyKept(kept, byteLength(kept))).toBe(true)
    const unkept = listOf(10, false)
    expect(mostlyKept(unkept, byteLength(unkept))).toBe(false)
    const half = [keptPart(Buffer.alloc(100)), Buffer.alloc(101)]
    expect(mostlyKept(half, 201)).toBe(false)
  })
})

describe('encodeKnownBody of a body of kept parts', () => {
  const parts = listOf(40)
  const whole = Buffer.concat(parts)

  it.each(['gzip, deflate, br', 'br, gzip', 'gzip', '*'])('Accept-Encoding %s → gzip of the kept forms', (accept) => {
    const out = encodeKnownBody(request(accept), 200, JSON_TYPE, parts)
    expect(out.encoding).toBe('gzip')
    expect(out.varies).toBe(true)
    expect(gunzipped(out.parts).equals(whole)).toBe(true)
  })

  it.each([
    ['br', 'br'],
    ['gzip;q=0, br', 'br'],
    ['deflate', 'deflate'],
    ['identity', undefined],
  ])('Accept-Encoding %s without gzip → %s, as for any body', (accept, encoding) => {
    expect(encodeKnownBody(request(accept), 200, JSON_TYPE, parts).encoding).toBe(encoding)
  })

  it('sends a body of unkept parts as before: brotli first', () => {
    expect(encodeKnownBody(request('gzip, deflate, br'), 200, JSON_TYPE, listOf(40, false)).encoding).toBe('br')
  })
})
