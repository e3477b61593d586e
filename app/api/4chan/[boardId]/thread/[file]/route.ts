import { isStaffRequest } from '@/lib/auth/session-cookie'
import { assertNotBannedUnless } from '@/lib/bans/check'
import { threadFileParam } from '@/lib/fourchan/params'
import { readThread } from '@/lib/fourchan/read'
import { jsonSince } from '@/lib/http/last-modified'
import { boardIdParam } from '@/lib/http/params'
import { methodNotAllowed, route } from '@/lib/http/route'

// GET /api/4chan/{boardId}/thread/{no}.json – a whole thread, live or archived, by its opening post's number
// (ban-checked)
export const GET = route({ params: { boardId: boardIdParam, file: threadFileParam } }, async ({ req, params, ip }) => {
  await assertNotBannedUnless(params.boardId, ip, () => isStaffRequest(req))
  const { posts, lastModified } = await readThread(params.boardId, params.file)
  return jsonSince(req, { posts }, lastModified)
})

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')
