// The timers of a process's repeating job (the ban index reload, the housekeeping schedule): one interval and at
// most one pending retry. Both are unref'd, so they never keep a stopping process alive.

export interface PeriodicTimers {
  timer: NodeJS.Timeout | null
  retry: NodeJS.Timeout | null
}

export const noTimers = (): PeriodicTimers => ({ timer: null, retry: null })

/** Starts running `tick` every `ms`; false (and nothing changes) when the interval already runs. */
export function startEvery(t: PeriodicTimers, ms: number, tick: () => void): boolean {
  if (t.timer) return false
  t.timer = setInterval(tick, ms)
  t.timer.unref()
  return true
}

/** Runs `run` once after `ms`, in place of a retry already pending. */
export function retryAfter(t: PeriodicTimers, ms: number, run: () => void): void {
  if (t.retry) clearTimeout(t.retry)
  t.retry = setTimeout(() => {
    t.retry = null
    run()
  }, ms)
  t.retry.unref()
}

export function stopTimers(t: PeriodicTimers): void {
  if (t.timer) clearInterval(t.timer)
  if (t.retry) clearTimeout(t.retry)
  t.timer = null
  t.retry = null
}
