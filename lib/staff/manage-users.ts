// Staff accounts for admins. Deactivation and password changes end the user's sessions (their
// session generation moves on); an admin cannot deactivate or demote themself, and one active admin remains.
import { createStaffUser } from './create-staff-user'
import { hashPassword } from './password'
import type { NewUser, UserUpdate } from './schemas'
import { toAdminUser, type Staff } from './types'
import { getDb } from '../db/client'
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors'

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

export async function addUser(input: NewUser) {
  return toAdminUser(await createStaffUser(input))
}

export async function updateUser(actor: Staff, id: number, input: UserUpdate) {
  const db = await getDb()
  const user = await db.staffUser.findUnique({ where: { id } })
  if (!user) throw new NotFoundError('User not found')
  if (id === actor.id && ((input.role && input.role !== user.role) || input.is_active === false)) {
    throw new ForbiddenError('Cannot deactivate or demote your own account')
  }
  if (input.boards) {
    const known = new Set((await db.board.findMany({ select: { id: true } })).map((b) => b.id))
    const unknown = input.boards.filter((b) => !known.has(b))
    if (unknown.length)
      throw new ValidationError(unknown.map((b) => ({ field: 'boards', message: `Unknown board: ${b}` })))
  }
  const endsSessions = input.is_active === false || input.password !== undefined
  // Hashed before the transaction: argon2 is deliberately slow and must not hold the write lock.
  const passwordHash = input.password ? await hashPassword(input.password) : undefined
  const updated = await db.$transaction(async (tx) => {
    if (input.username || input.email) {
      const clash = await tx.staffUser.findFirst({
        where: {
          id: { not: id },
          OR: [
            ...(input.username ? [{ usernameLower: input.username.toLowerCase() }] : []),
            ...(input.email ? [{ emailLower: input.email.toLowerCase() }] : []),
          ],
        },
      })
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
    if ((await tx.staffUser.count({ where: { role: 'admin', isActive: true } })) === 0)
      throw new ConflictError('At least one active admin is required')
    return tx.staffUser.findUniqueOrThrow({ where: { id }, include: INCLUDE })
  })
  return toAdminUser(updated)
}
