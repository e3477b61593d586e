import { isStaffRequest } from '@/lib/auth/session-cookie'
import { assertNotBannedUnless } from '@/lib/bans/check'
import { threadListOf } from '@/lib/fourchan/board-files'
import { readBoard } from '@/lib/fourchan/read'
import { jsonSince } from '@/lib/http/last-modified'
import { boardIdParam } from '@/lib/http/params'
import { methodNotAllowed, route } from '@/lib/http/route'

// GET /api/4chan/{boardId}/threads.json – number, last change and replies of each live thread, by page (ban-checked)
export const GET = route({ params: { boardId: boardIdParam } }, async ({ req, params, ip }) => {
  await assertNotBannedUnless(params.boardId, ip, () => isStaffRequest(req))
  const { board, threads, lastModified } = await readBoard(params.boardId)
  return jsonSince(req, threadListOf(threads, board.threads_per_page), lastModified)
})

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')
