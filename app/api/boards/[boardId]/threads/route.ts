import { isStaffCaller } from '@/lib/auth/staff-caller'
import { assertNotBannedUnless } from '@/lib/bans/check'
import { getBoardOrThrow } from '@/lib/boards/queries'
import { json } from '@/lib/http/error-response'
import { readMultipart } from '@/lib/http/multipart'
import { boardIdParam } from '@/lib/http/params'
import { posterFrom, withPosterCookie } from '@/lib/http/poster'
import { MULTIPART, route, methodNotAllowed } from '@/lib/http/route'
import { createThread } from '@/lib/threads/create-thread'
import { listBoardThreads } from '@/lib/threads/queries'
import { THREAD_CONFIG } from '@/lib/threads/types'

const params = { boardId: boardIdParam }

// GET /api/boards/{boardId}/threads – live threads with their opening post and latest replies (ban-checked)
export const GET = route({ params }, async ({ params, ip }) => {
  await getBoardOrThrow(params.boardId)
  await assertNotBannedUnless(params.boardId, ip, isStaffCaller)
  return json({ threads: await listBoardThreads(params.boardId), config: THREAD_CONFIG })
})

// POST /api/boards/{boardId}/threads – create a thread (multipart: topic, content, image)
export const POST = route({ params, body: MULTIPART }, async ({ req, params, ip }) => {
  const poster = posterFrom(req)
  const created = await createThread({
    boardId: params.boardId,
    ip,
    posterKey: poster.key,
    readForm: () => readMultipart(req),
    banExempt: isStaffCaller,
  })
  return withPosterCookie(json({ message: 'Thread created successfully', ...created }, 201), poster)
})

export const { PUT, PATCH, DELETE } = methodNotAllowed('GET', 'POST')
