// Lengths of time in milliseconds, for server and browser code alike (nothing here imports server-only code).
export const SECOND_MS = 1000
export const MINUTE_MS = 60 * SECOND_MS
export const HOUR_MS = 60 * MINUTE_MS
export const DAY_MS = 24 * HOUR_MS

/** Hours a thread that left its board stays readable in the archive before housekeeping deletes it. */
export const DEAD_THREAD_RETENTION_HOURS = 48
export const DEAD_THREAD_RETENTION_MS = DEAD_THREAD_RETENTION_HOURS * HOUR_MS
