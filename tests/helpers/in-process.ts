// Lets a test call the domain layer (lib/) directly against a running test server's database and media storage,
// e.g. to run housekeeping with a clock moved forward. Call before importing any lib module: configuration is
// read once per process, and vitest runs each test file in its own process.
import type { TestServer } from './server'

export function useServerConfig(server: TestServer, env: Record<string, string> = {}): void {
  Object.assign(process.env, {
    DATA_DIR: server.dataDir,
    DATABASE_URL: server.database.url,
    HOUSEKEEPING: 'off',
    ...env,
  })
}
