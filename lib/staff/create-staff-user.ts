// Creates a staff account: used by `npm run admin:create` and by POST /api/admin/users.
import { z } from 'zod'
import { hashPassword } from './password'
import { getDb } from '../db/client'
import { ConflictError, ValidationError } from '../errors'
import { ZEmail, ZPassword, ZRole, ZUsername, type Role } from './schemas'

export interface NewStaffUser {
  username: string
  email: string
  password: string
  role: Role
  boards?: string[]
}

const ZNewStaffUser = z.object({
  username: ZUsername,
  email: ZEmail,
  password: ZPassword,
  role: ZRole,
  boards: z.array(z.string()).default([]),
})

export async function createStaffUser(input: NewStaffUser) {
  const data = ZNewStaffUser.parse(input)
  const db = await getDb()
  const known = new Set((await db.board.findMany({ select: { id: true } })).map((b) => b.id))
  const unknown = data.boards.filter((b) => !known.has(b))
  if (unknown.length)
    throw new ValidationError(unknown.map((id) => ({ field: 'boards', message: `Unknown board: ${id}` })))

  const clash = await db.staffUser.findFirst({
    where: { OR: [{ usernameLower: data.username.toLowerCase() }, { emailLower: data.email.toLowerCase() }] },
  })
  if (clash) throw new ConflictError('Username or email already exists')
  return db.staffUser.create({
    data: {
      username: data.username,
      usernameLower: data.username.toLowerCase(),
      email: data.email,
      emailLower: data.email.toLowerCase(),
      passwordHash: await hashPassword(data.password),
      role: data.role,
      boards: { create: [...new Set(data.boards)].map((boardId) => ({ boardId })) },
    },
    include: { boards: true },
  })
}
