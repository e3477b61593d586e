// Lets a test call the domain layer (lib/) directly against a running test server's database and media storage,
// e.g. to run housekeeping with a clock moved forward. Call before importing any lib module: configuration is
// read once per process, and vitest runs each test file in its own process.
import { afterAll, beforeAll } from 'vitest'
import { startServer, type TestServer } from './server'

export function useServerConfig(server: TestServer, env: Record<string, string> = {}): void {
  Object.assign(process.env, {
    DATA_DIR: server.dataDir,
    DATABASE_URL: server.database.url,
    HOUSEKEEPING: 'off',
    ...env,
  })
}

/**
 * For a test file that calls lib/ directly and needs nothing else of its server: starts one before the file's
 * tests (configured with useServerConfig), and closes this process's database client and the server after them.
 * Returns a getter for the server, valid once the file's tests run.
 */
export function withInProcessServer(): () => TestServer {
  let server: TestServer | undefined
  beforeAll(async () => {
    server = await startServer()
    useServerConfig(server)
  })
  afterAll(async () => {
    await (await import('@/lib/db/client')).closeDb()
    await server?.stop()
  })
  return () => {
    if (!server) throw new Error('the in-process test server has not started yet')
    return server
  }
}
