// One log line per failure kind per interval: an outage of a dependency (Redis, media storage) fails every request
// and every retry, and a line for each would bury the log. The first failure of a kind is logged at once; later
// ones in the same interval are counted and the count is reported with the next line of that kind.
import { log } from './log'
import { processSingleton } from './process-singleton'
import { MINUTE_MS } from './time'

interface Seen {
  at: number
  suppressed: number
}
const seen = () => processSingleton('throttled-log', () => new Map<string, Seen>())

export function logThrottled(kind: string, message: string, { now = Date.now(), intervalMs = MINUTE_MS } = {}): void {
  const last = seen().get(kind)
  if (last && now - last.at < intervalMs) {
    last.suppressed++
    return
  }
  const more = last?.suppressed ? ` (${last.suppressed} more since the last line)` : ''
  seen().set(kind, { at: now, suppressed: 0 })
  log.error(`${message}${more}`)
}

/** Lets the next failure of this kind be logged at once (after a recovery, a new outage is news). */
export function resetThrottle(kind: string): void {
  seen().delete(kind)
}
