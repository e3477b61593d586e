import { isStaffRequest } from '@/lib/auth/session-cookie'
import { assertNotBannedUnless } from '@/lib/bans/check'
import { readArchive } from '@/lib/fourchan/read'
import { jsonSince } from '@/lib/http/last-modified'
import { boardIdParam } from '@/lib/http/params'
import { methodNotAllowed, route } from '@/lib/http/route'

// GET /api/4chan/{boardId}/archive.json – numbers of the archived threads still readable (ban-checked)
export const GET = route({ params: { boardId: boardIdParam } }, async ({ req, params, ip }) => {
  await assertNotBannedUnless(params.boardId, ip, () => isStaffRequest(req))
  const { numbers, lastModified } = await readArchive(params.boardId)
  return jsonSince(req, numbers, lastModified)
})

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')
