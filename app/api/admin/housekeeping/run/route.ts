import { runHousekeeping } from '@/lib/housekeeping/run'
import { json } from '@/lib/http/error-response'
import { methodNotAllowed } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'

// POST /api/admin/housekeeping/run – one run now; 409 while another is in progress anywhere
export const POST = staffRoute({ role: 'admin' }, async () =>
  json({ message: 'Housekeeping completed successfully', results: await runHousekeeping('manual') }),
)

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST')
