import { isStaffRequest } from '@/lib/auth/session-cookie'
import { assertNotBannedUnless } from '@/lib/bans/check'
import { NotFoundError } from '@/lib/errors'
import { indexPageOf } from '@/lib/fourchan/board-files'
import { pageFileParam } from '@/lib/fourchan/params'
import { readBoard } from '@/lib/fourchan/read'
import { jsonSince } from '@/lib/http/last-modified'
import { boardIdParam } from '@/lib/http/params'
import { methodNotAllowed, route } from '@/lib/http/route'

// GET /api/4chan/{boardId}/{page}.json – one index page (1-based): threads with their newest replies (ban-checked)
export const GET = route({ params: { boardId: boardIdParam, page: pageFileParam } }, async ({ req, params, ip }) => {
  await assertNotBannedUnless(params.boardId, ip, () => isStaffRequest(req))
  const { board, threads, lastModified } = await readBoard(params.boardId)
  const page = indexPageOf(threads, board.threads_per_page, params.page)
  if (!page) throw new NotFoundError('Page not found')
  return jsonSince(req, page, lastModified)
})

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')
