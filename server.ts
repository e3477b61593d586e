// The Corkboard process: one HTTP server carrying Next (pages and /api), local media and socket.io.
// Start-up: validate configuration → apply migrations → seed default boards → prepare Next → listen.
// SIGTERM/SIGINT: stop accepting, let in-flight requests finish, close sockets and the database, exit (≤ 10 s).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import next from 'next'
import { ConfigError, getConfig } from './lib/config'
import { migrate } from './lib/db/migrate'
import { closeDb, getDb } from './lib/db/client'
import { seedDefaultBoards } from './lib/boards/seed'
import { CLIENT_IP_HEADER, resolveClientIp } from './lib/http/client-ip'
import { attachRealtime } from './lib/realtime/attach'
import { getStorage } from './lib/media/storage'
import type { LocalStorage } from './lib/media/local-storage'
import { serveLocalMedia } from './lib/media/serve-local'

const SHUTDOWN_LIMIT_MS = 9_000

async function main(): Promise<void> {
  const config = loadConfigOrExit()
  const { applied } = await migrate(config.database)
  if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`)
  const seeded = await seedDefaultBoards(await getDb())
  if (seeded.length) console.log(`Created default boards: ${seeded.join(', ')}`)
  const storage = await getStorage()

  // Next's handler arrives after listen (Next needs the real port); until then requests get a 503.
  const next_: { handle?: (req: IncomingMessage, res: ServerResponse) => Promise<void> } = {}
  const http = createServer((req, res) => {
    // Never trust a client-sent copy of our internal header: always overwrite it (contract 0.6).
    req.headers[CLIENT_IP_HEADER] = resolveClientIp(req.socket.remoteAddress, req.headers['x-forwarded-for'], config.trustProxyHops)
    const path = req.url ?? '/'
    if (storage.kind === 'local' && path.startsWith((storage as LocalStorage).urlPrefix + '/')) {
      return void serveLocalMedia(storage as LocalStorage, req, res).catch(() => res.destroy())
    }
    if (!next_.handle) {
      res.writeHead(503, { 'Retry-After': '1' })
      return void res.end()
    }
    void next_.handle(req, res)
  })

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(config.port, config.host, () => resolve())
  })
  const { port } = http.address() as AddressInfo

  const app = next({ dev: config.env !== 'production', dir: process.cwd(), hostname: config.host, port, httpServer: http })
  await app.prepare()
  next_.handle = app.getRequestHandler()
  const realtime = await attachRealtime(http)

  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host
  console.log(`Corkboard listening on http://${shown}:${port} (${config.database.provider}, media: ${storage.kind})`)

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`${signal} received, shutting down`)
    setTimeout(() => {
      console.error('Shutdown took too long; exiting')
      process.exit(1)
    }, SHUTDOWN_LIMIT_MS).unref()
    const closed = new Promise<void>((resolve) => http.close(() => resolve()))
    http.closeIdleConnections()
    await realtime.close()
    await closed
    await app.close().catch(() => {})
    await closeDb()
    process.exit(0)
  }
  process.once('SIGTERM', () => void stop('SIGTERM'))
  process.once('SIGINT', () => void stop('SIGINT'))
}

function loadConfigOrExit() {
  try {
    return getConfig()
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message)
      process.exit(1)
    }
    throw err
  }
}

main().catch((err) => {
  console.error('Corkboard failed to start:', err instanceof Error ? err.message : err)
  process.exit(1)
})
