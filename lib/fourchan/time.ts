// 4chan's times: `time` in whole seconds since the epoch, and `now` as "MM/DD/YY(Day)HH:MM:SS". Corkboard writes
// `now` in UTC (4chan uses its own US Eastern time); clients compute from `time`.
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const two = (n: number) => String(n).padStart(2, '0')

export const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000)

export function nowText(date: Date): string {
  const day = `${two(date.getUTCMonth() + 1)}/${two(date.getUTCDate())}/${two(date.getUTCFullYear() % 100)}`
  const clock = `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`
  return `${day}(${DAYS[date.getUTCDay()]})${clock}`
}
