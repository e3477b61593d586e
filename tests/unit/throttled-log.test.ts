// One log line per failure kind per interval (lib/throttled-log.ts): a Redis outage fails every command and
// every reconnection attempt, and the log must stay readable.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { log } from '@/lib/log'
import { logThrottled, resetThrottle } from '@/lib/throttled-log'

describe('logThrottled', () => {
  const lines: string[] = []
  const spy = vi.spyOn(log, 'error').mockImplementation((line: string) => void lines.push(line))
  afterEach(() => {
    lines.length = 0
    resetThrottle('a')
    resetThrottle('b')
  })

  it('logs the first failure of a kind, counts the rest of the minute and reports the count with the next line', () => {
    const t = 1_000_000
    for (let i = 0; i < 1000; i++) logThrottled('a', 'Redis down', { now: t + i })
    logThrottled('b', 'other kind', { now: t })
    expect(lines).toEqual(['Redis down', 'other kind'])
    logThrottled('a', 'Redis down', { now: t + 60_000 })
    expect(lines).toEqual(['Redis down', 'other kind', 'Redis down (999 more since the last line)'])
    expect(spy).toHaveBeenCalledTimes(3)
  })

  it('logs at once again after a reset (a new outage after a recovery)', () => {
    logThrottled('a', 'Redis down', { now: 5 })
    resetThrottle('a')
    logThrottled('a', 'Redis down', { now: 6 })
    expect(lines).toEqual(['Redis down', 'Redis down'])
  })
})
