// Reads the per-request statement counts a test server logs with DB_STATEMENT_LOG=true
// (lib/db/statement-count.ts): a JSON log line whose message is "db: 7 statements for GET /board/tech (200)".
import { vi } from 'vitest'
import type { TestServer } from './server'

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Fetches `path` (expecting 200) and resolves with the number of SQL statements the server ran for it. */
export async function statementsFor(server: TestServer, path: string): Promise<number> {
  const from = server.output().length
  const res = await fetch(server.url + path)
  await res.arrayBuffer()
  if (res.status !== 200)
    throw new Error(`GET ${path} answered ${res.status}; server output:\n${server.output().slice(from)}`)
  const line = new RegExp(`"msg":"db: (\\d+) statements for GET ${escape(path)} \\(200\\)"`)
  // The log line is written when the response closes and reaches us on another pipe: wait for it.
  return vi.waitFor(
    () => {
      const m = line.exec(server.output().slice(from))
      if (!m) throw new Error(`no statement count logged for GET ${path}`)
      return Number(m[1])
    },
    { timeout: 10_000, interval: 20 },
  )
}
