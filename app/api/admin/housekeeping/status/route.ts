import { methodNotAllowed } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'
import { json } from '@/lib/http/error-response'
import { housekeepingStatus } from '@/lib/housekeeping/status'

// GET /api/admin/housekeeping/status – schedule, run in progress, last run
export const GET = staffRoute({ role: 'admin' }, async () => json({ status: await housekeepingStatus() }))

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')
