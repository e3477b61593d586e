// The AdminUser object, as the API returns it, and the signed-in Staff the server checks rights on.
import type { Role } from './schemas'

export interface AdminUser {
  id: number
  username: string
  email: string
  role: Role
  boards: string[]
  is_active: boolean
  created_at: string
  last_login: string | null
}

/** A signed-in staff user, as the server checks their rights. */
export interface Staff extends AdminUser {
  /** May act on this board (admins and users without assigned boards: every board). */
  canModerate(boardId: string | null): boolean
}

export function toAdminUser(u: {
  id: number
  username: string
  email: string
  role: string
  isActive: boolean
  createdAt: Date
  lastLogin: Date | null
  boards: { boardId: string }[]
}): AdminUser {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    role: u.role as Role,
    boards: u.boards.map((b) => b.boardId).sort(),
    is_active: u.isActive,
    created_at: u.createdAt.toISOString(),
    last_login: u.lastLogin?.toISOString() ?? null,
  }
}
