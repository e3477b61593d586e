import { isStaffRequest } from '@/lib/auth/session-cookie'
import { assertNotBannedUnless } from '@/lib/bans/check'
import { catalogOf } from '@/lib/fourchan/board-files'
import { readBoard } from '@/lib/fourchan/read'
import { jsonSince } from '@/lib/http/last-modified'
import { boardIdParam } from '@/lib/http/params'
import { methodNotAllowed, route } from '@/lib/http/route'

// GET /api/4chan/{boardId}/catalog.json – the board's live threads by page, with their newest replies (ban-checked)
export const GET = route({ params: { boardId: boardIdParam } }, async ({ req, params, ip }) => {
  await assertNotBannedUnless(params.boardId, ip, () => isStaffRequest(req))
  const { board, threads, lastModified } = await readBoard(params.boardId)
  return jsonSince(req, catalogOf(threads, board.threads_per_page), lastModified)
})

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')
