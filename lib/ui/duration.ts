// Durations on the housekeeping screen: ms under a second, seconds under a minute, else minutes.
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`
  // Truncated, not rounded: 59 999 ms must not read as "60.00s".
  if (ms < 60_000) return `${(Math.floor(ms / 10) / 100).toFixed(2)}s`
  return `${(Math.floor(ms / 600) / 100).toFixed(2)}m`
}
