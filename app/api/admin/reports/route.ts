import { json } from '@/lib/http/error-response'
import { methodNotAllowed } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'
import { listOpenReports } from '@/lib/reports/queue'
import { ZReportQuery } from '@/lib/reports/schemas'

// GET /api/admin/reports?board=&category= – open reports grouped by post, on the boards the caller moderates
export const GET = staffRoute({ query: ZReportQuery }, async ({ staff, query }) =>
  json({ reports: await listOpenReports(staff, query) }),
)

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')
