// Range-ban durations offered by the create modal; default 30 Days, Permanent sends no expiry.
import { expiryIn } from '../bans/durations'

export interface RangeBanDuration {
  value: string
  label: string
  hours: number | null
}

export const RANGE_BAN_DURATIONS: RangeBanDuration[] = [
  { value: '1h', label: '1 Hour', hours: 1 },
  { value: '6h', label: '6 Hours', hours: 6 },
  { value: '1d', label: '1 Day', hours: 24 },
  { value: '3d', label: '3 Days', hours: 72 },
  { value: '7d', label: '1 Week', hours: 168 },
  { value: '30d', label: '30 Days', hours: 720 },
  { value: '90d', label: '90 Days', hours: 2160 },
  { value: '1y', label: '1 Year', hours: 8760 },
  { value: 'permanent', label: 'Permanent', hours: null },
]

export const DEFAULT_RANGE_BAN_DURATION = '30d'

/** The `expires_at` to send for a duration: an ISO time, or null for Permanent. */
export const rangeBanExpiry = (value: string, now = Date.now()) =>
  expiryIn(RANGE_BAN_DURATIONS, DEFAULT_RANGE_BAN_DURATION, value, now)
