// Statistics count time in whole minutes since the epoch (the `minute` column); hours and UTC days are integer
// divisions of it, which SQLite and PostgreSQL evaluate alike.
export const MINUTES_PER_HOUR = 60
export const MINUTES_PER_DAY = 1440

export const minuteAt = (ms: number) => Math.floor(ms / 60_000)
export const minuteOf = (at: Date) => minuteAt(at.getTime())
export const dayOfMinute = (minute: number) => Math.floor(minute / MINUTES_PER_DAY)
export const hourOfMinute = (minute: number) => Math.floor(minute / MINUTES_PER_HOUR)
export const dayStart = (day: number) => new Date(day * MINUTES_PER_DAY * 60_000)
export const hourStart = (hour: number) => new Date(hour * MINUTES_PER_HOUR * 60_000)
export const dayOfDate = (at: Date) => dayOfMinute(minuteOf(at))
export const hourOfDate = (at: Date) => hourOfMinute(minuteOf(at))
