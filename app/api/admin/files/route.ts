import { banFile, listBannedFiles } from '@/lib/banned-files/manage'
import { ZBanFile } from '@/lib/banned-files/schemas'
import { json } from '@/lib/http/error-response'
import { methodNotAllowed } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'

// GET /api/admin/files – the banned-file list, newest first; it applies to every board (moderator and up)
export const GET = staffRoute({ role: 'moderator' }, async () => json({ files: await listBannedFiles() }))

// POST /api/admin/files – ban the file of a post, optionally deleting every post carrying it (moderator and up,
// on the post's board)
export const POST = staffRoute({ role: 'moderator', body: ZBanFile }, async ({ staff, body }) => {
  const { entry, deletedPosts } = await banFile(staff, body)
  return json({ message: 'File banned', file: entry, deletedPosts }, 201)
})

export const { PUT, PATCH, DELETE } = methodNotAllowed('GET', 'POST')
