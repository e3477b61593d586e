// Staff user fields and the bodies of the admin user endpoints.
import { z } from 'zod'
import { bodyIssue, jsonObject } from '../validation'

export const ROLES = ['janitor', 'moderator', 'admin'] as const
export type Role = (typeof ROLES)[number]

export const ZUsername = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.-]{3,32}$/, 'Username must be 3–32 letters, digits, _, . or -')
export const ZEmail = z.string().trim().max(254, 'Invalid email address').pipe(z.email('Invalid email address'))
export const ZPassword = z
  .string()
  .min(10, 'Password must be at least 10 characters')
  .max(128, 'Password must be at most 128 characters')
export const ZRole = z.enum(ROLES, { message: 'Invalid role' })

const REQUIRED_FIELDS = ['username', 'email', 'password', 'role'] as const

/** POST /api/admin/users: all four fields present first ("All fields are required"), then each judged. */
export const ZNewUser = jsonObject(
  z
    .looseObject({})
    .superRefine((b, ctx) => {
      for (const field of REQUIRED_FIELDS) {
        const v = b[field]
        if (typeof v !== 'string' || !v.trim())
          ctx.addIssue({
            code: 'custom',
            path: [field],
            message: `${field} is required`,
            params: { errorName: 'All fields are required' },
          })
      }
    })
    .pipe(
      z.object({
        username: ZUsername,
        email: ZEmail,
        password: ZPassword,
        role: ZRole,
        // Anything but a list is no boards; entries are read as text.
        boards: z.preprocess((v) => (Array.isArray(v) ? v.map(String) : []), z.array(z.string())),
      }),
    ),
)
export type NewUser = z.infer<typeof ZNewUser>

/** PUT /api/admin/users/{id}: any of the fields, at least one. */
export const ZUserUpdate = z.preprocess(
  (v) => v ?? {},
  z
    .object({
      username: ZUsername.optional(),
      email: ZEmail.optional(),
      password: ZPassword.optional(),
      role: ZRole.optional(),
      boards: z.array(z.string()).optional(),
      is_active: z.boolean({ message: 'is_active must be true or false' }).optional(),
    })
    .refine((input) => Object.values(input).some((v) => v !== undefined), bodyIssue('No valid fields to update')),
)
export type UserUpdate = z.infer<typeof ZUserUpdate>
