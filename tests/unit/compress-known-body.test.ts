// The one-pass compression of answers whose bytes are known (lib/http/compress-known-body.ts): the encoding a visitor
// accepts, brotli first among equals, the same bytes once decoded whatever the parts, and the answers left as they
// are (small, HEAD, no Accept-Encoding, no-transform, JSON errors) with Vary saying whether the choice was made.
import type { IncomingMessage } from 'node:http'
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { encodeKnownBody } from '@/lib/http/compress-known-body'

const JSON_TYPE = { 'content-type': 'application/json' }
const request = (acceptEncoding?: string, method = 'GET') =>
  ({ method, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }) as IncomingMessage

/** A body of several parts (of differing sizes) well over the 1 KB threshold. */
const parts = Array.from({ length: 40 }, (_, i) => Buffer.from(`{"id":${i},"text":"${'word '.repeat(i * 7)}"},`))
const whole = Buffer.concat(parts)

describe('encodeKnownBody', () => {
  it.each([
    ['gzip, deflate, br', 'br', brotliDecompressSync],
    ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
    ['br;q=0.5, gzip', 'gzip', gunzipSync],
    ['deflate', 'deflate', inflateSync],
    ['*', 'br', brotliDecompressSync],
  ] as const)('Accept-Encoding %s → %s, the same bytes once decoded', (accept, encoding, decode) => {
    const out = encodeKnownBody(request(accept), 200, JSON_TYPE, parts)
    expect(out.encoding).toBe(encoding)
    expect(out.varies).toBe(true)
    expect(out.parts).toHaveLength(1)
    expect(decode(out.parts[0]).equals(whole)).toBe(true)
    expect(out.parts[0].length).toBeLessThan(whole.length / 2)
  })

  it('gives the same bytes for one part as for the same body in many, and again on the next answer', () => {
    const first = encodeKnownBody(request('br'), 200, JSON_TYPE, parts).parts[0]
    const one = encodeKnownBody(request('br'), 200, JSON_TYPE, [whole]).parts[0]
    // A shorter body after a longer one: the buffer the parts are joined in is reused, not read past the body.
    const shorter = encodeKnownBody(request('br'), 200, JSON_TYPE, parts.slice(0, 30)).parts[0]
    expect(one.equals(first)).toBe(true)
    expect(brotliDecompressSync(shorter).equals(Buffer.concat(parts.slice(0, 30)))).toBe(true)
  })

  it.each([
    ['identity', request('identity'), 200, JSON_TYPE, true],
    ['br;q=0 with nothing else acceptable but identity', request('br;q=0'), 200, JSON_TYPE, true],
    ['no Accept-Encoding', request(), 200, JSON_TYPE, true],
    ['HEAD', request('br', 'HEAD'), 200, JSON_TYPE, true],
    ['a JSON error', request('br'), 404, JSON_TYPE, false],
    ['an answer to a write', request('br', 'POST'), 201, JSON_TYPE, false],
    [
      'Cache-Control: no-transform',
      request('br'),
      200,
      { ...JSON_TYPE, 'cache-control': 'public, no-transform' },
      false,
    ],
  ] as const)('leaves %s as it is', (_, req, status, headers, varies) => {
    const out = encodeKnownBody(req, status, headers, parts)
    expect(out).toEqual({ parts, varies })
  })

  it('leaves a body under 1 KB as it is', () => {
    const small = [Buffer.from('{"threads":[]}')]
    expect(encodeKnownBody(request('br'), 200, JSON_TYPE, small)).toEqual({ parts: small, varies: true })
  })
})
