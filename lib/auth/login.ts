// Staff login and logout. A failed login answers the same for an unknown user, a wrong password
// and an inactive account, and costs the same time (a password check runs in every case). Failures are
// rate-limited per (username, IP) and per IP.
import { getDb } from '../db/client'
import { LoginRequiredError } from '../errors'
import { ZLoginCsrf, type LoginCredentials } from './schemas'
import { getSession, newCsrfToken, type StaffSession } from './session'
import { assertCsrf } from './staff'
import { assertNotExhausted, consume } from '../rate-limit/limits'
import { hashPassword, verifyPassword } from '../staff/password'

let dummyHash: Promise<string> | undefined

/** Checked before the credentials: the token from X-CSRF-Token, or else from the body's _csrf field. */
export async function sessionForLogin(csrfHeader: string | null, unparsedBody: unknown): Promise<StaffSession> {
  const session = await getSession()
  assertCsrf(session, csrfHeader ?? ZLoginCsrf.parse(unparsedBody)._csrf ?? null)
  return session
}

export async function login(session: StaffSession, { username, password }: LoginCredentials, ip: string) {
  const userKey = `${username.toLowerCase()}|${ip}`
  await assertNotExhausted(userKey, 'loginFailUser')
  await assertNotExhausted(ip, 'loginFailIp')
  const db = await getDb()
  const user = await db.staffUser.findUnique({
    where: { usernameLower: username.toLowerCase() },
    include: { boards: true },
  })
  const passwordOk = await verifyPassword(
    user?.passwordHash ?? (await (dummyHash ??= hashPassword('not a real password'))),
    password,
  )
  if (!user || !passwordOk || !user.isActive) {
    await Promise.allSettled([consume(userKey, 'loginFailUser'), consume(ip, 'loginFailIp')])
    throw new LoginRequiredError('Invalid credentials')
  }

  await db.staffUser.update({ where: { id: user.id }, data: { lastLogin: new Date() } })
  // A new cookie for the logged-in session, with a fresh CSRF token.
  session.userId = user.id
  session.loginAt = Date.now()
  session.generation = user.sessionGeneration
  session.csrfToken = newCsrfToken()
  await session.save()
  return {
    user: {
      id: user.id,
      username: user.username,
      email: user.email,
      role: user.role,
      boards: user.boards.map((x) => x.boardId).sort(),
    },
    csrfToken: session.csrfToken,
  }
}

/** Ends the session; bumping the generation ends every other cookie of the user too. */
export async function logout(session: StaffSession): Promise<void> {
  if (session.userId && session.generation !== undefined) {
    const db = await getDb()
    await db.staffUser.updateMany({
      where: { id: session.userId, sessionGeneration: session.generation },
      data: { sessionGeneration: { increment: 1 } },
    })
  }
  session.destroy()
}

/** The session's CSRF token, creating an anonymous pre-login session when there is none. */
export async function csrfToken(session: StaffSession): Promise<string> {
  if (!session.csrfToken) {
    session.csrfToken = newCsrfToken()
    await session.save()
  }
  return session.csrfToken
}
