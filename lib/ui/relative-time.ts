// "just now", "5 minutes ago", "2 hours ago", "3 days ago", as timestamps are shown to visitors.
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 1000))
  if (seconds < 60) return 'just now'
  return `${inWholeUnits(seconds, 86400)} ago`
}

/** A fixed, locale-independent timestamp so server and browser render the same text. */
export function formatTimestamp(iso: string): string {
  return iso.replace('T', ' ').slice(0, 19) + ' UTC'
}

/** "in 5 hours", "in 3 minutes", "in under a minute": the time left until a moment, in words. */
export function timeUntil(iso: string, now = Date.now()): string {
  const seconds = Math.floor((new Date(iso).getTime() - now) / 1000)
  if (seconds < 60) return 'in under a minute'
  return `in ${inWholeUnits(seconds, 172800)}`
}

/** A minute or more in whole minutes, hours or days ("1 minute", "5 hours"); below `daysFrom` seconds, days are not used. */
function inWholeUnits(seconds: number, daysFrom: number): string {
  const [n, unit] =
    seconds < 3600
      ? [Math.floor(seconds / 60), 'minute']
      : seconds < daysFrom
        ? [Math.floor(seconds / 3600), 'hour']
        : [Math.floor(seconds / 86400), 'day']
  return `${n} ${unit}${n === 1 ? '' : 's'}`
}
