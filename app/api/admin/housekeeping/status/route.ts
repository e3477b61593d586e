import { housekeepingStatus } from '@/lib/housekeeping/status'
import { json } from '@/lib/http/error-response'
import { methodNotAllowed } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'

// GET /api/admin/housekeeping/status – schedule, run in progress, last run
export const GET = staffRoute({ role: 'admin' }, async () => json({ status: await housekeepingStatus() }))

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')
