import { json } from '@/lib/http/error-response'
import { route, methodNotAllowed } from '@/lib/http/route'
import { getHourlyStats } from '@/lib/stats/public-stats'
import { ZHourlyQuery } from '@/lib/stats/schemas'

// GET /api/stats/hourly?hours=24 – unique visitors, page views and posts per UTC hour, oldest first
export const GET = route({ query: ZHourlyQuery }, async ({ query }) => json(await getHourlyStats(query.hours)))

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')
