// The query of GET /api/stats/hourly.
import { z } from 'zod'
import { MAX_HOURS } from './types'

const HOURS = `hours must be a whole number from 1 to ${MAX_HOURS}`
export const ZHourlyQuery = z.object({
  hours: z
    .string()
    .regex(/^[0-9]{1,3}$/, HOURS)
    .transform(Number)
    .refine((h) => h >= 1 && h <= MAX_HOURS, HOURS)
    .default(24),
})
