// The outage log: one line when a kind of database failure starts, at most one per kind per interval with the
// number of requests refused, and one when the database answers again — never one per request.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { noteDbFault, noteDbOk, databaseFullReason } from '@/lib/db/fault-state'
import { log } from '@/lib/log'

afterEach(() => vi.restoreAllMocks())

describe('database outage log', () => {
  it('writes a handful of lines for thousands of refused requests, then one on recovery', () => {
    const logged = vi.spyOn(log, 'error').mockImplementation(() => {})
    const start = 1_000_000
    // 15 s of an outage, 5,000 requests refused (a burst every 3 ms).
    for (let i = 0; i < 5_000; i++)
      noteDbFault({ kind: 'unavailable', reason: 'server unreachable' }, { request: true }, start + i * 3)
    noteDbOk(false, start + 15_100)
    const lines = logged.mock.calls.map((c) => String(c[0]))
    expect(lines.length).toBeLessThanOrEqual(4)
    expect(lines[0]).toBe('database unavailable (server unreachable); answering 503 until it recovers')
    expect(lines[1]).toMatch(/^database unavailable \(server unreachable\); \d+ requests refused in the last 10 s$/)
    expect(lines.at(-1)).toMatch(/^database available again after 15 s; \d+ more requests were refused$/)
    const counted = lines.flatMap((l) => [...l.matchAll(/(\d+) (?:more )?requests/g)].map((m) => Number(m[1])))
    expect(counted.reduce((a, b) => a + b, 0)).toBe(5_000)
  })

  it('reports a full disk until a write succeeds; reads do not clear it', () => {
    vi.spyOn(log, 'error').mockImplementation(() => {})
    noteDbFault({ kind: 'full', reason: 'SQLITE_FULL' }, { request: true })
    expect(databaseFullReason()).toBe('SQLITE_FULL')
    noteDbOk(false)
    expect(databaseFullReason()).toBe('SQLITE_FULL')
    noteDbOk(true)
    expect(databaseFullReason()).toBeUndefined()
  })
})
