import { readBoards } from '@/lib/fourchan/boards'
import { jsonSince } from '@/lib/http/last-modified'
import { methodNotAllowed, route } from '@/lib/http/route'

// GET /api/4chan/boards.json – every board in 4chan's format
export const GET = route({}, async ({ req }) => {
  const { boards, lastModified } = await readBoards()
  return jsonSince(req, { boards }, lastModified)
})

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')
