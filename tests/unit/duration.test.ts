import { describe, expect, it } from 'vitest'
import { formatDuration } from '@/lib/ui/duration'

describe('housekeeping durations', () => {
  it('shows ms under a second, seconds under a minute, minutes beyond', () => {
    expect(formatDuration(0)).toBe('0ms')
    expect(formatDuration(999)).toBe('999ms')
    expect(formatDuration(1000)).toBe('1.00s')
    expect(formatDuration(59_999)).toBe('59.99s')
    expect(formatDuration(60_000)).toBe('1.00m')
    expect(formatDuration(150_000)).toBe('2.50m')
  })
})
