// Reads the per-request statement counts a test server logs with DB_STATEMENT_LOG=true
// (lib/db/statement-count.ts): a JSON log line whose message is "db: 7 statements for GET /board/tech (200)".
import { vi } from 'vitest'
import type { TestServer } from './server'

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Fetches `path` (expecting 200) and resolves with the number of SQL statements the server ran for it. */
export function statementsFor(server: TestServer, path: string): Promise<number> {
  return statementsForRequest(server, path)
}

/**
 * Sends `init` to `path` (expecting `status`) and resolves with the number of SQL statements the server ran for it
 * (e.g. a POST creating a reply).
 */
export async function statementsForRequest(
  server: TestServer,
  path: string,
  init: RequestInit = {},
  status = 200,
): Promise<number> {
  const method = init.method ?? 'GET'
  const from = server.output().length
  const res = await fetch(server.url + path, init)
  await res.arrayBuffer()
  if (res.status !== status)
    throw new Error(`${method} ${path} answered ${res.status}; server output:\n${server.output().slice(from)}`)
  const line = new RegExp(`"msg":"db: (\\d+) statements for ${method} ${escape(path)} \\(${status}\\)"`)
  // The log line is written when the response closes and reaches us on another pipe: wait for it.
  return vi.waitFor(
    () => {
      const m = line.exec(server.output().slice(from))
      if (!m) throw new Error(`no statement count logged for ${method} ${path}`)
      return Number(m[1])
    },
    { timeout: 10_000, interval: 20 },
  )
}
