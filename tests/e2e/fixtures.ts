// One Corkboard server (ephemeral port, own database) per Playwright worker. A worker runs several test files in
// turn, so files share it: tests use their own addresses, boards and users and never assume an empty site. A file
// that sets `serverEnv` gets a worker, and so a server, of its own.
import { test as base } from '@playwright/test'
import { startServer, type TestServer } from '../helpers/server'

export const test = base.extend<{ baseURL: string }, { server: TestServer; serverEnv: Record<string, string> }>({
  // Extra environment for a file's server: `test.use({ serverEnv: { … } })`.
  serverEnv: [{}, { scope: 'worker', option: true }],
  server: [
    async ({ serverEnv }, provide) => {
      // Generous limits: these tests post a lot from one address (limits have their own tests). One trusted
      // proxy hop lets a browser context act as a distinct visitor through X-Forwarded-For.
      const server = await startServer({
        env: {
          TRUST_PROXY_HOPS: '1',
          RATE_LIMITS: JSON.stringify({
            api: { points: 100000 },
            threadCreate: { points: 1000 },
            postCreate: { points: 1000 },
            surveyCreate: { points: 1000 },
            vote: { points: 1000 },
            socketConnect: { points: 100000 },
          }),
          ...serverEnv,
        },
      })
      await provide(server)
      await server.stop()
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ server }, provide) => provide(server.url),
})

export { expect } from '@playwright/test'
