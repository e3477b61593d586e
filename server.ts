// The Corkboard process: one HTTP server carrying Next (pages and /api), local media and socket.io.
// Start-up: validate configuration → apply migrations → seed default boards → prepare Next → listen.
// SIGTERM/SIGINT: stop accepting, let in-flight requests finish, close sockets and the database, exit (≤ 10 s).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import next from 'next'
import { ConfigError, getConfig } from './lib/config'
import { migrate } from './lib/db/migrate'
import { closeDb, getDb } from './lib/db/client'
import { logStatementsPerRequest } from './lib/db/statement-count'
import { seedDefaultBoards } from './lib/boards/seed'
import { CLIENT_IP_HEADER, resolveClientIp } from './lib/http/client-ip'
import { attachRealtime } from './lib/realtime/attach'
import { getStorage } from './lib/media/storage'
import type { LocalStorage } from './lib/media/local-storage'
import { serveLocalMedia } from './lib/media/serve-local'
import { isFlagPath, serveFlag } from './lib/geo/serve-flags'
import { applyCors } from './lib/http/origins'
import { createPageCache, type PageCache } from './lib/page-cache/serve'
import { isRenderRequest, loopbackRenderer, RENDER_IDENTITY } from './lib/page-cache/render'
import { startBanIndex, stopBanIndex } from './lib/bans/ban-index'
import { startHousekeepingSchedule, stopHousekeepingSchedule } from './lib/housekeeping/schedule'
import { flushPageViews, watchForPageView } from './lib/stats/page-views'
import { answerWhileDatabaseDown } from './lib/http/unavailable-page'

const SHUTDOWN_LIMIT_MS = 9_000
const IDLE_GRACE_MS = 1_000

async function main(): Promise<void> {
  const config = loadConfigOrExit()
  const { applied } = await migrate(config.database)
  if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`)
  const seeded = await seedDefaultBoards(await getDb())
  if (seeded.length) console.log(`Created default boards: ${seeded.join(', ')}`)
  const storage = await getStorage()

  // Next's handler arrives after listen (Next needs the real port); until then requests get a 503.
  const next_: { handle?: (req: IncomingMessage, res: ServerResponse) => Promise<void>; pages?: PageCache } = {}
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    // Never trust a client-sent copy of our internal header: always overwrite it (contract 0.6).
    const render = isRenderRequest(req)
    const clientIp = render ? RENDER_IDENTITY : resolveClientIp(req.socket.remoteAddress, req.headers['x-forwarded-for'], config.trustProxyHops)
    req.headers[CLIENT_IP_HEADER] = clientIp
    if (!render) watchForPageView(req, res, clientIp)
    const path = req.url ?? '/'
    if (path.startsWith('/api/') && applyCors(req, res)) return
    if (storage.kind === 'local' && path.startsWith((storage as LocalStorage).urlPrefix + '/')) {
      return void serveLocalMedia(storage as LocalStorage, req, res).catch(() => res.destroy())
    }
    if (isFlagPath(path)) return void serveFlag(req, res).catch(() => res.destroy())
    if (!next_.handle) {
      res.writeHead(503, { 'Retry-After': '1' })
      return void res.end()
    }
    const nextHandle = next_.handle
    // While the database is down, pages that are not served from the cache get the short 503 page.
    const handle = (req: IncomingMessage, res: ServerResponse) => answerWhileDatabaseDown(req, res) ? Promise.resolve() : nextHandle(req, res)
    if (render || !next_.pages) return void handle(req, res)
    next_.pages.serve(req, res, clientIp).then((served) => { if (!served) void handle(req, res) }, (err) => {
      console.error('page cache failed; rendering directly:', err)
      if (!res.headersSent) void handle(req, res)
      else res.destroy()
    })
  }
  const http = createServer(config.dbStatementLog ? logStatementsPerRequest(onRequest) : onRequest)

  const connections = trackConnections(http)
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(config.port, config.host, () => resolve())
  })
  const { port } = http.address() as AddressInfo

  const app = next({ dev: config.env !== 'production', dir: process.cwd(), hostname: config.host, port, httpServer: http })
  await app.prepare()
  next_.handle = app.getRequestHandler()
  const realtime = await attachRealtime(http)
  // Ban checks of every request ask the in-memory index first (lib/bans/check.ts); so does the page cache.
  startBanIndex()
  if (config.pageCacheBytes > 0) {
    next_.pages = createPageCache({ maxBytes: config.pageCacheBytes, cdnSeconds: config.pageCacheCdnSeconds, render: loopbackRenderer(http.address() as AddressInfo) })
  }

  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host
  console.log(`Corkboard listening on http://${shown}:${port} (${config.database.provider}, media: ${storage.kind})`)
  if (config.housekeeping) startHousekeepingSchedule()

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`${signal} received, shutting down`)
    setTimeout(() => {
      console.error('Shutdown took too long; exiting')
      process.exit(1)
    }, SHUTDOWN_LIMIT_MS).unref()
    // Node's server.close() also drops connections it deems idle, which includes a request whose body is
    // still arriving; so drain in-flight requests first and close the servers afterwards.
    next_.pages?.close()
    stopBanIndex()
    realtime.disconnectAll()
    await Promise.all([connections.drain(), stopHousekeepingSchedule()])
    await realtime.close()
    await app.close().catch(() => {})
    await flushPageViews()
    await closeDb()
    process.exit(0)
  }
  process.once('SIGTERM', () => void stop('SIGTERM'))
  process.once('SIGINT', () => void stop('SIGINT'))
}

/**
 * Counts in-flight requests per connection. drain() refuses new connections, ends each busy one right after
 * its last response, and ends idle ones after a short grace (bytes of a request may already be on their way
 * that the server has not read yet), resolving when none is left.
 */
function trackConnections(http: Server) {
  const inFlight = new Map<Socket, number>()
  let stopping = false
  let drained: (() => void) | undefined
  const forget = (socket: Socket) => {
    inFlight.delete(socket)
    if (stopping && inFlight.size === 0) drained?.()
  }
  http.on('connection', (socket: Socket) => {
    if (stopping) return void socket.destroy()
    inFlight.set(socket, 0)
    socket.once('close', () => forget(socket))
  })
  http.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1)
    res.once('close', () => {
      const left = (inFlight.get(socket) ?? 1) - 1
      inFlight.set(socket, left)
      if (stopping && left === 0) socket.end()
    })
  })
  return {
    drain(): Promise<void> {
      stopping = true
      const done = new Promise<void>((resolve) => (drained = resolve))
      setTimeout(() => {
        for (const [socket, count] of inFlight) if (count === 0) socket.end()
      }, IDLE_GRACE_MS).unref()
      if (inFlight.size === 0) drained!()
      return done
    },
  }
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
