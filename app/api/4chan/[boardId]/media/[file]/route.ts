import { mediaFileParam } from '@/lib/fourchan/params'
import { mediaLocation } from '@/lib/fourchan/read'
import { boardIdParam } from '@/lib/http/params'
import { methodNotAllowed, route } from '@/lib/http/route'

// GET /api/4chan/{boardId}/media/{tim}{ext} and …/{tim}s.jpg – a post's file or thumbnail: a redirect to where it
// is stored (local media or S3), which never changes for a post.
export const GET = route({ params: { boardId: boardIdParam, file: mediaFileParam } }, async ({ params }) => {
  const { tim, file, ext } = params.file
  const location = await mediaLocation(params.boardId, tim, file, ext)
  return new Response(null, { status: 302, headers: { Location: location, 'Cache-Control': 'public, max-age=86400' } })
})

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')
