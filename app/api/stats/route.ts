import { json } from '@/lib/http/error-response'
import { route, methodNotAllowed } from '@/lib/http/route'
import { getStatsOverview } from '@/lib/stats/public-stats'

// GET /api/stats – visitors, posts per board and top countries (recomputed at most every 5 minutes)
export const GET = route({}, async () => json(await getStatsOverview()))

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')
