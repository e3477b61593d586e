import { execFile } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyPassword } from '@/lib/staff/password'
import { createTestDatabase, usingPostgres, withClient, type TestDatabase } from '../helpers/database'
import { ROOT } from '../helpers/server'

const run = promisify(execFile)
let dataDir: string
let db: TestDatabase

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'cb-admin-'))
  db = await createTestDatabase(dataDir)
})
afterAll(async () => {
  await db?.drop()
})

function createAdmin(...args: string[]) {
  return run(path.join(ROOT, 'node_modules/.bin/tsx'), ['lib/staff/create-admin-cli.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: db.url },
  }).then(
    (r) => ({ code: 0, ...r }),
    (e) => ({ code: e.code as number, stdout: e.stdout as string, stderr: e.stderr as string }),
  )
}

async function staffRow(username: string): Promise<{ role: string; password_hash: string } | undefined> {
  const sql = 'SELECT role, password_hash FROM staff_users WHERE username_lower = $1'
  if (usingPostgres()) return withClient(db.url, async (c) => (await c.query(sql, [username])).rows[0])
  const { default: Database } = await import('better-sqlite3')
  const conn = new Database(db.url.slice('file:'.length))
  try {
    return conn.prepare(sql.replace('$1', '?')).get(username) as never
  } finally {
    conn.close()
  }
}

describe('npm run admin:create', () => {
  it('creates the first admin with a generated password printed once and stored as argon2id', async () => {
    const { code, stdout } = await createAdmin('--username', 'root_admin', '--email', 'root@example.com')
    expect(code).toBe(0)
    expect(stdout).toContain('Created admin "root_admin"')
    const password = /Generated password \(shown once, store it now\): (\S+)/.exec(stdout)![1]
    const row = await staffRow('root_admin')
    expect(row?.role).toBe('admin')
    expect(row?.password_hash).toMatch(/^\$argon2id\$/)
    expect(row?.password_hash).not.toContain(password)
    expect(await verifyPassword(row!.password_hash, password)).toBe(true)
    expect(await verifyPassword(row!.password_hash, password + 'x')).toBe(false)
  })

  it('refuses a duplicate username regardless of case', async () => {
    const { code, stderr } = await createAdmin('--username', 'ROOT_ADMIN', '--email', 'other@example.com')
    expect(code).toBe(1)
    expect(stderr).toContain('Username or email already exists')
  })

  it('explains bad input', async () => {
    const bad = await createAdmin('--username', 'ab', '--email', 'nope', '--role', 'moderator')
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain('Invalid email address')
    const usage = await createAdmin('--username', 'someone', '--email', 'a@b.example', '--role', 'king')
    expect(usage.code).toBe(2)
    expect(usage.stderr).toContain('Usage: npm run admin:create')
  })
})
