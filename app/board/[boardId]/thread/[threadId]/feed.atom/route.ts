import { isStaffCaller } from '@/lib/auth/staff-caller'
import { assertNotBannedUnless } from '@/lib/bans/check'
import { getBoardOrThrow } from '@/lib/boards/queries'
import { threadFeed } from '@/lib/feeds/atom'
import { atomResponse } from '@/lib/feeds/respond'
import { boardIdParam, idParam } from '@/lib/http/params'
import { methodNotAllowed, route } from '@/lib/http/route'
import { siteOrigin } from '@/lib/http/site-origin'

export const dynamic = 'force-dynamic'

const params = { boardId: boardIdParam, threadId: idParam('Thread not found') }

// GET /board/{boardId}/thread/{threadId}/feed.atom – the thread's 50 newest posts as Atom 1.0 (ban-checked)
export const GET = route({ params }, async ({ params, ip }) => {
  const board = await getBoardOrThrow(params.boardId)
  await assertNotBannedUnless(board.id, ip, isStaffCaller)
  return atomResponse(await threadFeed(board, params.threadId, await siteOrigin()))
})

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')
