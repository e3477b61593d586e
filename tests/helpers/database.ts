// A fresh database for one test server: a throwaway SQLite file by default, or — when TEST_DATABASE_URL
// points at PostgreSQL — a new database created on that server and dropped afterwards, so runs never see
// each other's rows and a second run starts clean.
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import pg from 'pg'

export interface TestDatabase {
  url: string
  provider: 'sqlite' | 'postgresql'
  drop(): Promise<void>
}

export function usingPostgres(): boolean {
  return /^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? '')
}

/** The PostgreSQL server tests use: TEST_DATABASE_URL, or the CI machine's local one. */
export const POSTGRES_URL = usingPostgres()
  ? process.env.TEST_DATABASE_URL!
  : 'postgresql://postgres@127.0.0.1:5432/test'

export async function createTestDatabase(
  dataDir: string,
  provider: 'sqlite' | 'postgresql' = usingPostgres() ? 'postgresql' : 'sqlite',
): Promise<TestDatabase> {
  if (provider === 'sqlite') {
    return { url: `file:${path.join(dataDir, 'test.db')}`, provider: 'sqlite', drop: async () => {} }
  }
  const admin = POSTGRES_URL
  const name = `cb_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  await withClient(admin, (c) => c.query(`CREATE DATABASE "${name}"`))
  const url = new URL(admin)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    provider: 'postgresql',
    drop: () => withClient(admin, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {}),
  }
}

export async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}
