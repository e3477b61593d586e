// What the process currently knows about its database: down (the last call failed for want of a connection or an
// answer, and none has succeeded since) or full (a write failed on a full disk, and none has succeeded since).
// Pages use it to answer 503 at once during an outage, /api/health to report a full disk. It also writes the
// outage log: one line when a kind of failure starts, at most one line per kind per interval with the number of
// requests refused, and one line when the database answers again — never one line per request.
import type { DbFault } from './faults'
import { log } from '../log'
import { processSingleton } from '../process-singleton'

const LOG_INTERVAL_MS = 10_000
const PROBE_INTERVAL_MS = 1_000

interface LogTally {
  refused: number
  lastLineAt: number
}
interface State {
  downSince?: number
  downReason?: string
  fullSince?: number
  fullReason?: string
  /** Counts every outage noticed, so a render can tell whether one happened while it ran. */
  faults: number
  tallies: Map<string, LogTally>
  probing: boolean
  lastProbeAt: number
  lastTrialAt: number
}

const state = () =>
  processSingleton<State>('db-fault-state', () => ({
    faults: 0,
    tallies: new Map(),
    probing: false,
    lastProbeAt: 0,
    lastTrialAt: 0,
  }))

const label = (f: DbFault) => `database ${f.kind === 'full' ? 'disk full' : 'unavailable'} (${f.reason})`

/**
 * Records a failed database call. `request` counts it as a refused request in the log (the route's error
 * answer); calls seen by the driver wrapper only change the state.
 */
export function noteDbFault(fault: DbFault, { request = false } = {}, now = Date.now()): void {
  const s = state()
  s.faults++
  if (fault.kind === 'full') {
    s.fullSince ??= now
    s.fullReason = fault.reason
  } else if (!fault.slowQuery) {
    if (s.downSince === undefined) {
      s.downSince = now
      s.lastTrialAt = now
    }
    s.downReason = fault.reason
  }
  const key = label(fault)
  let tally = s.tallies.get(key)
  if (!tally) {
    tally = { refused: 0, lastLineAt: now }
    s.tallies.set(key, tally)
    log.error(`${key}; answering ${fault.kind === 'full' ? '507 to writes' : '503'} until it recovers`)
  }
  if (request) tally.refused++
  if (now - tally.lastLineAt >= LOG_INTERVAL_MS) {
    log.error(`${key}; ${tally.refused} requests refused in the last ${Math.round((now - tally.lastLineAt) / 1000)} s`)
    tally.refused = 0
    tally.lastLineAt = now
  }
}

/** Records a successful call; `write` when it changed data (which clears a full disk). */
export function noteDbOk(write: boolean, now = Date.now()): void {
  const s = state()
  if (s.downSince === undefined && (s.fullSince === undefined || !write)) return
  if (s.downSince !== undefined) {
    log.error(
      `database available again after ${Math.round((now - s.downSince) / 1000)} s${refusedSummary(s, 'unavailable')}`,
    )
    s.downSince = undefined
  }
  if (write && s.fullSince !== undefined) {
    log.error(
      `database writes succeed again after ${Math.round((now - s.fullSince) / 1000)} s${refusedSummary(s, 'disk full')}`,
    )
    s.fullSince = undefined
  }
}

function refusedSummary(s: State, kind: string): string {
  let refused = 0
  for (const [key, tally] of s.tallies) {
    if (!key.startsWith(`database ${kind}`)) continue
    refused += tally.refused
    s.tallies.delete(key)
  }
  return refused ? `; ${refused} more requests were refused` : ''
}

/**
 * True while the database is known to be down. Asking starts a probe (at most one a second) whose success ends
 * the outage, so pages answered from this flag notice the recovery without waiting for another request.
 */
export function databaseDown(probe: () => Promise<unknown>, now = Date.now()): boolean {
  const s = state()
  if (s.downSince === undefined) return false
  if (!s.probing && now - s.lastProbeAt >= PROBE_INTERVAL_MS) {
    s.probing = true
    s.lastProbeAt = now
    void probe()
      .catch(() => {})
      .finally(() => {
        s.probing = false
      })
  }
  return true
}

/**
 * While the database is down, calls fail at once instead of each waiting for a timeout, except one trial call a
 * second (the probe of databaseDown() is one), whose success ends the outage. Returns the outage's reason when
 * this call must fail.
 */
export function failFastReason(now = Date.now()): string | undefined {
  const s = state()
  if (s.downSince === undefined) return undefined
  if (now - s.lastTrialAt >= PROBE_INTERVAL_MS) {
    s.lastTrialAt = now
    return undefined
  }
  return s.downReason
}

/** The reason of the last write that failed on a full disk, while no write has succeeded since. */
export function databaseFullReason(): string | undefined {
  const s = state()
  return s.fullSince === undefined ? undefined : s.fullReason
}

export function dbFaultCount(): number {
  return state().faults
}
