// Staff user fields.
import { z } from 'zod'

export const ROLES = ['janitor', 'moderator', 'admin'] as const
export type Role = (typeof ROLES)[number]

export const ZUsername = z.string().trim().regex(/^[A-Za-z0-9_.-]{3,32}$/, 'Username must be 3–32 letters, digits, _, . or -')
export const ZEmail = z.string().trim().max(254, 'Invalid email address').pipe(z.email('Invalid email address'))
export const ZPassword = z.string().min(10, 'Password must be at least 10 characters').max(128, 'Password must be at most 128 characters')
export const ZRole = z.enum(ROLES, { message: 'Invalid role' })
