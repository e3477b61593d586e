import { isStaffCaller } from '@/lib/auth/staff-caller'
import { assertNotBannedUnless } from '@/lib/bans/check'
import { getBoardOrThrow } from '@/lib/boards/queries'
import { boardFeed } from '@/lib/feeds/atom'
import { atomResponse } from '@/lib/feeds/respond'
import { boardIdParam } from '@/lib/http/params'
import { methodNotAllowed, route } from '@/lib/http/route'
import { siteOrigin } from '@/lib/http/site-origin'

export const dynamic = 'force-dynamic'

// GET /board/{boardId}/feed.atom – the board's 50 newest threads as Atom 1.0 (ban-checked like the board)
export const GET = route({ params: { boardId: boardIdParam } }, async ({ params, ip }) => {
  const board = await getBoardOrThrow(params.boardId)
  await assertNotBannedUnless(board.id, ip, isStaffCaller)
  return atomResponse(await boardFeed(board, await siteOrigin()))
})

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')
