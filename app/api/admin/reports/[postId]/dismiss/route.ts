import { json } from '@/lib/http/error-response'
import { idParam } from '@/lib/http/params'
import { methodNotAllowed } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'
import { dismissReports } from '@/lib/reports/dismiss'

// POST /api/admin/reports/{postId}/dismiss – staff dismiss a post's open reports (logged)
export const POST = staffRoute({ params: { postId: idParam('Post not found') } }, async ({ staff, params }) => {
  const { dismissed } = await dismissReports(staff, params.postId)
  return json({ message: 'Reports dismissed', dismissed })
})

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed('POST')
