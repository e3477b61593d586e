// Staff accounts for admins. Deactivation and password changes end the user's sessions (their
// session generation moves on); an admin cannot deactivate or demote themself, and one active admin remains.
import { z } from 'zod'
import { getDb } from '../db/client'
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors'
import type { Staff } from '../auth/staff'
import { hashPassword } from '../auth/password'
import { createStaffUser } from './create-staff-user'
import { ZEmail, ZPassword, ZRole, ZUsername } from './schemas'
import { toAdminUser } from './types'

const INCLUDE = { boards: true } as const

export async function listUsers() {
  const db = await getDb()
  return (await db.staffUser.findMany({ orderBy: { id: 'asc' }, include: INCLUDE })).map(toAdminUser)
}

export async function getUserOrThrow(id: number) {
  const db = await getDb()
  const user = await db.staffUser.findUnique({ where: { id }, include: INCLUDE })
  if (!user) throw new NotFoundError('User not found')
  return toAdminUser(user)
}

export async function addUser(body: unknown) {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>
  const missing = (['username', 'email', 'password', 'role'] as const).filter((k) => typeof b[k] !== 'string' || !(b[k] as string).trim())
  if (missing.length) throw new ValidationError(missing.map((field) => ({ field, message: `${field} is required` })), 'All fields are required')
  const user = await createStaffUser({
    username: b.username as string, email: b.email as string, password: b.password as string, role: b.role as never,
    boards: Array.isArray(b.boards) ? b.boards.map(String) : [],
  })
  return toAdminUser(user)
}

const ZUpdate = z.object({
  username: ZUsername.optional(), email: ZEmail.optional(), password: ZPassword.optional(), role: ZRole.optional(),
  boards: z.array(z.string()).optional(), is_active: z.boolean({ message: 'is_active must be true or false' }).optional(),
})

export async function updateUser(actor: Staff, id: number, body: unknown) {
  const input = ZUpdate.parse(body ?? {})
  if (Object.values(input).every((v) => v === undefined)) throw new ValidationError([{ field: 'body', message: 'No valid fields to update' }], 'No valid fields to update')
  const db = await getDb()
  const user = await db.staffUser.findUnique({ where: { id } })
  if (!user) throw new NotFoundError('User not found')
  if (id === actor.id && ((input.role && input.role !== user.role) || input.is_active === false)) {
    throw new ForbiddenError('Cannot deactivate or demote your own account')
  }
  if (input.boards) {
    const known = new Set((await db.board.findMany({ select: { id: true } })).map((b) => b.id))
    const unknown = input.boards.filter((b) => !known.has(b))
    if (unknown.length) throw new ValidationError(unknown.map((b) => ({ field: 'boards', message: `Unknown board: ${b}` })))
  }
  const endsSessions = input.is_active === false || input.password !== undefined
  // Hashed before the transaction: argon2 is deliberately slow and must not hold the write lock.
  const passwordHash = input.password ? await hashPassword(input.password) : undefined
  const updated = await db.$transaction(async (tx) => {
    if (input.username || input.email) {
      const clash = await tx.staffUser.findFirst({ where: { id: { not: id }, OR: [
        ...(input.username ? [{ usernameLower: input.username.toLowerCase() }] : []), ...(input.email ? [{ emailLower: input.email.toLowerCase() }] : [])] } })
      if (clash) throw new ConflictError('Username or email already exists')
    }
    await tx.staffUser.update({
      where: { id },
      data: {
        ...(input.username ? { username: input.username, usernameLower: input.username.toLowerCase() } : {}),
        ...(input.email ? { email: input.email, emailLower: input.email.toLowerCase() } : {}),
        ...(passwordHash ? { passwordHash } : {}),
        ...(input.role ? { role: input.role } : {}),
        ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
        ...(endsSessions ? { sessionGeneration: { increment: 1 } } : {}),
      },
    })
    if (input.boards) {
      await tx.staffBoard.deleteMany({ where: { userId: id } })
      await tx.staffBoard.createMany({ data: [...new Set(input.boards)].map((boardId) => ({ userId: id, boardId })) })
    }
    if ((await tx.staffUser.count({ where: { role: 'admin', isActive: true } })) === 0) throw new ConflictError('At least one active admin is required')
    return tx.staffUser.findUniqueOrThrow({ where: { id }, include: INCLUDE })
  })
  return toAdminUser(updated)
}
