import { z } from 'zod'
import { route, methodNotAllowed } from '@/lib/http/route'
import { json } from '@/lib/http/error-response'
import { getHourlyStats } from '@/lib/stats/public-stats'
import { MAX_HOURS } from '@/lib/stats/types'

const HOURS = `hours must be a whole number from 1 to ${MAX_HOURS}`
const query = z.object({
  hours: z.string().regex(/^[0-9]{1,3}$/, HOURS).transform(Number).refine((h) => h >= 1 && h <= MAX_HOURS, HOURS).default(24),
})

// GET /api/stats/hourly?hours=24 – unique visitors, page views and posts per UTC hour, oldest first
export const GET = route({ query }, async ({ query }) => json(await getHourlyStats(query.hours)))

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')
