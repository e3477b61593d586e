import { json } from '@/lib/http/error-response'
import { methodNotAllowed } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'
import { openReportCounts } from '@/lib/reports/counts'
import { boardScopeOf } from '@/lib/reports/queue'

// GET /api/admin/reports/counts – open reports per board, on the boards the caller moderates
export const GET = staffRoute({}, async ({ staff }) => json({ counts: await openReportCounts(boardScopeOf(staff)) }))

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')
