import { describe, expect, it } from 'vitest'
import { DEFAULT_RANGE_BAN_DURATION, RANGE_BAN_DURATIONS, rangeBanExpiry } from '@/lib/rangebans/durations'
import { banValueProblem } from '@/lib/rangebans/values'

describe('range-ban create modal', () => {
  it('offers the spec durations, 30 Days by default; Permanent sends no expiry', () => {
    expect(RANGE_BAN_DURATIONS.map((d) => d.label)).toEqual([
      '1 Hour',
      '6 Hours',
      '1 Day',
      '3 Days',
      '1 Week',
      '30 Days',
      '90 Days',
      '1 Year',
      'Permanent',
    ])
    expect(RANGE_BAN_DURATIONS.find((d) => d.value === DEFAULT_RANGE_BAN_DURATION)?.label).toBe('30 Days')
    const now = Date.parse('2025-06-01T12:00:00.000Z')
    expect(rangeBanExpiry('1h', now)).toBe('2025-06-01T13:00:00.000Z')
    expect(rangeBanExpiry('30d', now)).toBe('2025-07-01T12:00:00.000Z')
    expect(rangeBanExpiry('permanent', now)).toBeNull()
    expect(rangeBanExpiry('nonsense', now)).toBe(rangeBanExpiry('30d', now))
  })

  it('checks values with the server rules before sending', () => {
    expect(banValueProblem('asn', 'AS12345')).toBeNull()
    expect(banValueProblem('asn', 'AS-1')).toBe('Invalid AS number (use AS12345 or 12345)')
    expect(banValueProblem('asn', '4294967296')).toBe('Invalid AS number (use AS12345 or 12345)')
    expect(banValueProblem('ip_range', '203.0.113.7/24')).toBeNull()
    expect(banValueProblem('ip_range', '2001:db8::/32')).toBeNull()
    expect(banValueProblem('ip_range', '203.0.113.0/33')).toBe(
      'Invalid IP range (use a CIDR range such as 203.0.113.0/24)',
    )
    expect(banValueProblem('ip_range', '10.0.0.0/4')).toBe('The range must be at least /8')
    expect(banValueProblem('country', '')).toBe('Ban value is required')
    expect(banValueProblem('country', 'LO')).toBe('Invalid country code')
  })
})
