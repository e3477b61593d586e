// Ban durations offered to staff: all roles up to 1 month; admins also longer and permanent.
import { HOUR_MS } from '../time'

export interface Duration {
  value: string
  label: string
  hours: number | null
  adminOnly: boolean
}

export const BAN_DURATIONS: Duration[] = [
  { value: '1h', label: '1 Hour', hours: 1, adminOnly: false },
  { value: '6h', label: '6 Hours', hours: 6, adminOnly: false },
  { value: '12h', label: '12 Hours', hours: 12, adminOnly: false },
  { value: '1d', label: '1 Day', hours: 24, adminOnly: false },
  { value: '3d', label: '3 Days', hours: 72, adminOnly: false },
  { value: '7d', label: '1 Week', hours: 168, adminOnly: false },
  { value: '14d', label: '2 Weeks', hours: 336, adminOnly: false },
  { value: '30d', label: '1 Month', hours: 720, adminOnly: false },
  { value: '3m', label: '3 Months', hours: 2160, adminOnly: true },
  { value: '6m', label: '6 Months', hours: 4320, adminOnly: true },
  { value: '1y', label: '1 Year', hours: 8760, adminOnly: true },
  { value: 'permanent', label: 'Permanent', hours: null, adminOnly: true },
]

export const DEFAULT_DURATION = '30d'

/** The `expires_at` to send for a duration of `table` (its default when unknown): an ISO time, or null for Permanent. */
export function expiryIn(
  table: readonly { value: string; hours: number | null }[],
  defaultValue: string,
  value: string,
  now = Date.now(),
): string | null {
  const d = table.find((x) => x.value === value) ?? table.find((x) => x.value === defaultValue)!
  return d.hours === null ? null : new Date(now + d.hours * HOUR_MS).toISOString()
}

export const expiryFor = (value: string, now = Date.now()) => expiryIn(BAN_DURATIONS, DEFAULT_DURATION, value, now)
