// Staff accounts and logged-in clients for tests: rows inserted with real argon2 hashes, then a login through
// the API exactly as the admin UI does it (CSRF token first, then the credentials).
import { hashPassword } from '@/lib/staff/password'
import type { TestDatabase } from './database'
import { sql } from './sql'

export async function createStaff(
  db: TestDatabase,
  opts: {
    username: string
    role: 'janitor' | 'moderator' | 'admin'
    password?: string
    boards?: string[]
    active?: boolean
  },
) {
  const password = opts.password ?? 'correct horse battery'
  await sql(
    db,
    `INSERT INTO staff_users (username, username_lower, email, email_lower, password_hash, role, is_active, session_generation, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?)`,
    opts.username,
    opts.username.toLowerCase(),
    `${opts.username}@example.com`,
    `${opts.username.toLowerCase()}@example.com`,
    await hashPassword(password),
    opts.role,
    opts.active ?? true,
    new Date(),
  )
  const [{ id }] = await sql<{ id: number }>(
    db,
    'SELECT id FROM staff_users WHERE username_lower = ?',
    opts.username.toLowerCase(),
  )
  for (const board of opts.boards ?? [])
    await sql(db, 'INSERT INTO staff_boards (user_id, board_id) VALUES (?, ?)', id, board)
  return { id: Number(id), username: opts.username, password }
}

/** A cookie-carrying client, like a browser tab. */
export class StaffClient {
  cookie = ''
  csrf = ''
  constructor(
    readonly baseUrl: string,
    readonly headers: Record<string, string> = {},
  ) {}

  async request(method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
    const res = await fetch(this.baseUrl + path, {
      method,
      headers: {
        ...this.headers,
        ...(this.cookie ? { Cookie: this.cookie } : {}),
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...extra,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    })
    const setCookie = res.headers.get('set-cookie')
    if (setCookie) this.cookie = setCookie.split(';')[0]
    const text = await res.text()
    let json: any // eslint-disable-line @typescript-eslint/no-explicit-any
    try {
      json = JSON.parse(text)
    } catch {
      json = text
    }
    return { status: res.status, body: json, headers: res.headers }
  }

  async fetchCsrf() {
    const res = await this.request('GET', '/api/admin/csrf-token')
    this.csrf = res.body.csrfToken
    return res
  }

  async login(username: string, password: string) {
    await this.fetchCsrf()
    const res = await this.request('POST', '/api/admin/login', { username, password }, { 'X-CSRF-Token': this.csrf })
    if (res.status === 200) this.csrf = res.body.csrfToken
    return res
  }

  write(method: string, path: string, body?: unknown) {
    return this.request(method, path, body, { 'X-CSRF-Token': this.csrf })
  }
}

/**
 * A logged-in admin of a test server, for tests about visitors that need staff actions (bans) done the way the
 * site does them: through the API, which also tells every process's ban index.
 */
export async function loggedInAdmin(
  server: { url: string; database: TestDatabase },
  headers: Record<string, string> = {},
): Promise<StaffClient> {
  const user = await createStaff(server.database, {
    username: `admin${Math.random().toString(36).slice(2, 10)}`,
    role: 'admin',
  })
  const client = new StaffClient(server.url, headers)
  const res = await client.login(user.username, user.password)
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${JSON.stringify(res.body)}`)
  return client
}
