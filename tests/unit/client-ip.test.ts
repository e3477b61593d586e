import { describe, expect, it } from 'vitest'
import { resolveClientIp } from '@/lib/http/client-ip'
import { ipKey, normalizeIp } from '@/lib/net/ip'

describe('normalizeIp', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
    ['[2001:db8::1]', '2001:db8::1'],
    ['fe80::1%eth0', 'fe80::1'],
  ])('%s → %s', (raw, expected) => expect(normalizeIp(raw)).toBe(expected))

  it.each(['', 'localhost', '127.1', '999.1.1.1', '1.2.3.4.5', 'x::y'])('rejects %j', (raw) =>
    expect(normalizeIp(raw)).toBeNull(),
  )
})

describe('ipKey', () => {
  it('keeps IPv4 whole and reduces IPv6 to its /64', () => {
    expect(ipKey('203.0.113.7')).toBe('203.0.113.7')
    expect(ipKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64')
    expect(ipKey('2001:db8:1:2::9')).toBe(ipKey('2001:db8:1:2:ffff::1'))
    expect(ipKey('2001:db8:1:3::9')).not.toBe(ipKey('2001:db8:1:2::9'))
  })
})

describe('resolveClientIp', () => {
  it('uses the TCP peer and ignores X-Forwarded-For without trusted hops', () => {
    expect(resolveClientIp('::ffff:10.0.0.5', '198.51.100.9', 0)).toBe('10.0.0.5')
  })

  it('takes the address n hops from the right with n trusted proxies', () => {
    expect(resolveClientIp('10.0.0.1', '1.1.1.1, 198.51.100.9', 1)).toBe('198.51.100.9')
    expect(resolveClientIp('10.0.0.1', '1.1.1.1, 198.51.100.9, 10.0.0.2', 2)).toBe('198.51.100.9')
    expect(resolveClientIp('10.0.0.1', ['1.1.1.1', '198.51.100.9'], 1)).toBe('198.51.100.9')
  })

  it('falls back to the peer when the chain is too short or holds garbage', () => {
    expect(resolveClientIp('10.0.0.1', undefined, 1)).toBe('10.0.0.1')
    expect(resolveClientIp('10.0.0.1', '198.51.100.9', 2)).toBe('10.0.0.1')
    expect(resolveClientIp('10.0.0.1', 'not-an-ip', 1)).toBe('10.0.0.1')
  })
})
