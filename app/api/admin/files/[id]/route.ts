import { unbanFile } from '@/lib/banned-files/manage'
import { methodNotAllowed } from '@/lib/http/route'
import { staffRemoval } from '@/lib/http/staff-route'

// DELETE /api/admin/files/{id} – lift a file ban (moderator and up; board-scoped moderators only for entries made
// from a post on their boards)
export const DELETE = staffRemoval('moderator', 'Banned file not found', unbanFile, 'File ban lifted')

export const { GET, POST, PUT, PATCH } = methodNotAllowed('DELETE')
