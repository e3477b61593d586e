import { json } from '@/lib/http/error-response'
import { methodNotAllowed } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'
import { rangeBanStats } from '@/lib/rangebans/manage'

// GET /api/admin/rangebans/stats – counts by type and the most banned countries
export const GET = staffRoute({ role: 'admin' }, async () => json({ stats: await rangeBanStats() }))

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')
