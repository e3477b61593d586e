import { isStaffCaller } from '@/lib/auth/staff-caller'
import { assertNotBannedUnless } from '@/lib/bans/check'
import { getBoardOrThrow } from '@/lib/boards/queries'
import { json } from '@/lib/http/error-response'
import { readMultipart } from '@/lib/http/multipart'
import { boardIdParam, idParam } from '@/lib/http/params'
import { posterFrom, withPosterCookie } from '@/lib/http/poster'
import { MULTIPART, route, methodNotAllowed } from '@/lib/http/route'
import { createReply } from '@/lib/posts/create-reply'
import { ZThreadPostsQuery } from '@/lib/posts/schemas'
import { listThreadPosts } from '@/lib/threads/queries'

const params = { boardId: boardIdParam, threadId: idParam('Thread not found') }

// GET /api/boards/{boardId}/threads/{threadId}/posts – the thread's posts (ban-checked)
export const GET = route({ params, query: ZThreadPostsQuery }, async ({ params, query, ip }) => {
  await getBoardOrThrow(params.boardId)
  await assertNotBannedUnless(params.boardId, ip, isStaffCaller)
  const { thread, posts } = await listThreadPosts(params.boardId, params.threadId, {
    after: query.after,
    includeSurveys: query.includeSurveys !== 'false',
  })
  return json({ posts, thread })
})

// POST /api/boards/{boardId}/threads/{threadId}/posts – reply (multipart: content, image, dont_bump)
export const POST = route({ params, body: MULTIPART }, async ({ req, params, ip }) => {
  const poster = posterFrom(req)
  const created = await createReply({
    ...params,
    ip,
    posterKey: poster.key,
    readForm: () => readMultipart(req),
    banExempt: isStaffCaller,
  })
  return withPosterCookie(json({ message: 'Post created successfully', ...created }, 201), poster)
})

export const { PUT, PATCH, DELETE } = methodNotAllowed('GET', 'POST')
