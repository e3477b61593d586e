import { json } from '@/lib/http/error-response'
import { route, methodNotAllowed } from '@/lib/http/route'
import { ZSearchQuery } from '@/lib/search/schemas'
import { searchPosts } from '@/lib/search/search'

// GET /api/search?q=&board=&page= – full-text search over live and archived posts, 25 per page
export const GET = route({ query: ZSearchQuery }, async ({ query, ip }) => json(await searchPosts(ip, query)))

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')
