// One log line per failure kind per interval: an outage of a dependency fails every request and every retry,
// and a line for each would bury the log. The first failure of a kind is logged at once; later ones in the same
// interval are counted and the count is reported with the next line of that kind.
const INTERVAL_MS = 60_000

interface Seen { at: number; suppressed: number }
const KEY = Symbol.for('corkboard.throttled-log')
type Holder = { [KEY]?: Map<string, Seen> }
const seen = (): Map<string, Seen> => ((globalThis as Holder)[KEY] ??= new Map())

export function logThrottled(kind: string, message: string, now = Date.now()): void {
  const last = seen().get(kind)
  if (last && now - last.at < INTERVAL_MS) {
    last.suppressed++
    return
  }
  const more = last?.suppressed ? ` (${last.suppressed} more since the last line)` : ''
  seen().set(kind, { at: now, suppressed: 0 })
  console.error(`${message}${more}`)
}

/** Lets the next failure of this kind be logged at once (after a recovery, a new outage is news). */
export function resetThrottle(kind: string): void {
  seen().delete(kind)
}
