// The Corkboard process: one HTTP server carrying Next (pages and /api), local media and socket.io.
// Start-up: validate configuration → apply migrations → seed default boards → prepare Next → listen.
// SIGTERM/SIGINT: stop accepting, let in-flight requests finish (answered with `Connection: close`), close idle
// keep-alive connections, sockets and the database, exit 0 (within 5 s, even while clients keep sending).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import next from 'next'
import * as posts from './app/api/boards/[boardId]/threads/[threadId]/posts/route'
import * as threads from './app/api/boards/[boardId]/threads/route'
import { catalogTilesHtml } from './components/board/catalog-tiles-html'
import { threadCardsHtml } from './components/board/thread-cards-html'
import { threadPostsHtml } from './components/thread/thread-posts-html'
import { startBanIndex, stopBanIndex } from './lib/bans/ban-index'
import { seedDefaultBoards } from './lib/boards/seed'
import { ConfigError, getConfig } from './lib/config'
import { closeDb, getDb } from './lib/db/client'
import { migrate } from './lib/db/migrate'
import { logStatementsPerRequest } from './lib/db/statement-count'
import { isFlagPath, serveFlag } from './lib/geo/serve-flags'
import { startHousekeepingSchedule, stopHousekeepingSchedule } from './lib/housekeeping/schedule'
import { CLIENT_IP_HEADER, resolveClientIp } from './lib/http/client-ip'
import { compressAnswer } from './lib/http/compress-answers'
import { newNonce, nonceSource, pagePolicy } from './lib/http/content-security-policy'
import { answerDirectly, directRouter } from './lib/http/direct-routes'
import { trackConnections } from './lib/http/drain'
import { hasMalformedRouterState, isFlightRequest, refuseRouterState } from './lib/http/flight-request'
import { guardPagePost } from './lib/http/form-posts'
import { upgradesForNext } from './lib/http/next-upgrades'
import { observeRequest } from './lib/http/observe-request'
import { applyCors } from './lib/http/origins'
import { newRequestId, REQUEST_ID_HEADER } from './lib/http/request-id'
import {
  isApiPath,
  isKnownMethod,
  NOT_FOUND_PAGE,
  refuseConnect,
  refuseMethod,
  refuseTarget,
  targetProblem,
} from './lib/http/request-target'
import { loadRouteTable } from './lib/http/route-template'
import { securityHeaders } from './lib/http/security-headers'
import { answerWhileDatabaseDown } from './lib/http/unavailable-page'
import { log } from './lib/log'
import type { LocalStorage } from './lib/media/local-storage'
import { serveLocalMedia } from './lib/media/serve-local'
import { getStorage } from './lib/media/storage'
import { countDomainEvents } from './lib/metrics/domain-events'
import { METRICS_PATH, serveMetrics } from './lib/metrics/endpoint'
import { watchPageCache } from './lib/metrics/registry'
import { resolveScheme, SCHEME_HEADER } from './lib/net/scheme'
import { isRenderRequest, loopbackRenderer, RENDER_IDENTITY, slotsForRender } from './lib/page-cache/render'
import { createPageCache, type PageCache } from './lib/page-cache/serve'
import { splicePage } from './lib/page-cache/splice'
import { registerThreadCardsHtml } from './lib/render/board-threads-slot'
import { registerCatalogTilesHtml } from './lib/render/catalog-tiles-slot'
import { withRenderSlots } from './lib/render/slots'
import { registerThreadPostsHtml } from './lib/render/thread-posts-slot'
import { attachRealtime, REALTIME_PATH } from './lib/sockets/attach'
import { keepSourceMapsOfLoadedModulesOnly } from './lib/source-positions'
import { flushPageViews, watchForPageView } from './lib/stats/page-views'

const SHUTDOWN_LIMIT_MS = 9_000
/** Drain: idle keep-alive connections may deliver one more request for this long; connections left are cut at the deadline. */
const DRAIN = { idleGraceMs: 1_000, deadlineMs: 4_000 }

// A promise nobody handled is a bug: one identifiable line (tests fail on it), and the process keeps serving.
process.on('unhandledRejection', (reason) => {
  log.error(
    `Unhandled rejection: ${
      reason instanceof Error
        ? reason.stack
            ?.split('\n')
            .slice(0, 2)
            .map((l) => l.trim())
            .join(' ')
        : String(reason)
    }`,
  )
})

async function main(): Promise<void> {
  const config = loadConfigOrExit()
  // No source maps read for modules loaded from here on: Next's and Prisma's runtimes (lib/source-positions.ts).
  if (config.env === 'production') keepSourceMapsOfLoadedModulesOnly()
  const { applied } = await migrate(config.database)
  if (applied.length) log.info(`Applied migrations: ${applied.join(', ')}`)
  const seeded = await seedDefaultBoards(await getDb())
  if (seeded.length) log.info(`Created default boards: ${seeded.join(', ')}`)
  const storage = await getStorage()
  // Metrics and request lines name routes by template (lib/http/route-template.ts).
  const routes = loadRouteTable(process.cwd())
  countDomainEvents()
  // Thread, board and catalog pages get their posts and tiles as HTML fragments rendered here, outside Next's bundles.
  registerThreadPostsHtml(threadPostsHtml)
  registerThreadCardsHtml(threadCardsHtml)
  registerCatalogTilesHtml(catalogTilesHtml)

  // The same for every answer of this process: computed once, not per request.
  const HTTP_HEADERS = Object.entries(securityHeaders(false))
  const HTTPS_HEADERS = Object.entries(securityHeaders(true))
  const PAGE_POLICY_WITHOUT_NONCE = pagePolicy([])

  // New threads and replies skip Next's router: their handlers, called here, answer as they would there. So do the
  // two reads every reply changes (a board's thread list, a thread's posts), which the page cache renders again at
  // the rate of replies: when the cache does not answer them, and for its own renders. Writes come before the cache.
  const direct = directRouter([
    { method: 'POST', template: '/api/boards/[boardId]/threads', handler: threads.POST },
    { method: 'POST', template: '/api/boards/[boardId]/threads/[threadId]/posts', handler: posts.POST },
    { method: 'GET', template: '/api/boards/[boardId]/threads', handler: threads.GET },
    { method: 'GET', template: '/api/boards/[boardId]/threads/[threadId]/posts', handler: posts.GET },
  ])

  // Next's handler arrives after listen (Next needs the real port); until then requests get a 503.
  const next_: { handle?: (req: IncomingMessage, res: ServerResponse) => Promise<void>; pages?: PageCache } = {}
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    // Never trust a client-sent copy of our internal header: always overwrite it.
    const render = isRenderRequest(req)
    const clientIp = render
      ? RENDER_IDENTITY
      : resolveClientIp(req.socket.remoteAddress, req.headers['x-forwarded-for'], config.trustProxyHops)
    req.headers[CLIENT_IP_HEADER] = clientIp
    // A fresh request id, whatever the client sent under that name; visitors' requests are logged and counted. A
    // cache render carries the id of the visitor's request that started it (only this process can send one).
    const passedOn = req.headers[REQUEST_ID_HEADER]
    const requestId = render && typeof passedOn === 'string' && passedOn ? passedOn : newRequestId()
    req.headers[REQUEST_ID_HEADER] = requestId
    if (!render) observeRequest(req, res, { requestId, clientIp, routes, log: config.log })
    // The same for the scheme: X-Forwarded-Proto counts only from trusted proxies.
    const scheme = resolveScheme(
      Boolean((req.socket as { encrypted?: boolean }).encrypted),
      req.headers['x-forwarded-proto'],
      render ? 0 : config.trustProxyHops,
    )
    req.headers[SCHEME_HEADER] = scheme
    for (const [name, value] of scheme === 'https' ? HTTPS_HEADERS : HTTP_HEADERS) res.setHeader(name, value!)
    // A target that is not a decodable path: 400 on the API (and for `*` or absolute forms), Next's 404 page otherwise.
    // After the security headers, so these answers carry them too.
    const problem = targetProblem(req.url ?? '')
    if (problem === 'encoding' && !isApiPath(req.url!)) req.url = NOT_FOUND_PAGE
    else if (problem) return void refuseTarget(res, problem).catch(() => res.destroy())
    if (!isKnownMethod(req.method)) return void refuseMethod(res).catch(() => res.destroy())
    if (!isApiPath(req.url!) && hasMalformedRouterState(req.headers))
      return void refuseRouterState(res).catch(() => res.destroy())
    if (!render) watchForPageView(req, res, clientIp)
    const path = req.url ?? '/'
    if (config.metricsToken && path.split('?')[0] === METRICS_PATH) {
      return void serveMetrics(req, res, config.metricsToken).catch(() => res.destroy())
    }
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
    // Next puts the nonce of the request's Content-Security-Policy header on every script of the page it renders;
    // a client-sent one is never kept. Cache renders get none: the cache vouches for their scripts by hash. The
    // nonce is made only for a request Next answers: a page served from the cache carries its stored policy.
    delete req.headers['content-security-policy']
    delete req.headers['content-security-policy-report-only']
    const nonced = !render && !path.startsWith('/api/')
    const directly = direct.match(req.method, path)
    // Made only for the few routes answered directly, not for every page the cache serves.
    const answerDirect =
      directly &&
      (() =>
        answerDirectly(req, res, directly.handler, directly.params).catch((err) => {
          log.error(`direct API answer failed (request ${requestId})`, err)
          res.destroy()
        }))
    // While the database is down, pages that are not served from the cache get the short 503 page.
    const handle = (req: IncomingMessage, res: ServerResponse) => {
      if (nonced) {
        const policy = pagePolicy([nonceSource(newNonce())])
        req.headers['content-security-policy'] = policy
        res.setHeader('content-security-policy', policy)
      }
      if (guardPagePost(req, res) || answerWhileDatabaseDown(req, res)) return Promise.resolve()
      // Direct answers are compressed where they are written (direct-routes.ts). A cache render asks for identity:
      // the cache compresses what it stores itself.
      if (answerDirect) return answerDirect()
      compressAnswer(req, res)
      return withRenderSlots(!isFlightRequest(req.headers), () => nextHandle(req, res), slotsForRender(req))
    }
    if (!render) next_.pages?.noteWriter(req, res, clientIp)
    if (answerDirect && req.method !== 'GET') return void answerDirect()
    if (render || !next_.pages) return void handle(req, res)
    // Stored pages replace it with their own (script hashes); a stored file that is not HTML (a feed) keeps this.
    if (nonced) res.setHeader('content-security-policy', PAGE_POLICY_WITHOUT_NONCE)
    next_.pages.serve(req, res, clientIp).then(
      (served) => {
        if (!served) void handle(req, res)
      },
      (err) => {
        log.error('page cache failed; rendering directly', err)
        if (!res.headersSent) void handle(req, res)
        else res.destroy()
      },
    )
  }
  // Slow clients: all headers within headersMs, the whole request (a 4 MiB upload on a slow link included) within
  // requestMs, and no connection silent for longer than idleMs; limits are checked every second.
  const { headersMs, requestMs, idleMs } = config.httpTimeouts
  const http = createServer(
    { headersTimeout: Math.min(headersMs, requestMs), requestTimeout: requestMs, connectionsCheckingInterval: 1_000 },
    config.dbStatementLog ? logStatementsPerRequest(onRequest) : onRequest,
  )
  http.keepAliveTimeout = 5_000
  http.timeout = idleMs
  http.on('connect', refuseConnect)

  const connections = trackConnections(http)
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(config.port, config.host, () => resolve())
  })
  const { port } = http.address() as AddressInfo

  const app = next({
    dev: config.env !== 'production',
    dir: process.cwd(),
    hostname: config.host,
    port,
    httpServer: upgradesForNext(http, REALTIME_PATH),
  })
  await app.prepare()
  next_.handle = app.getRequestHandler()
  const realtime = await attachRealtime(http)
  // Ban checks of every request ask the in-memory index first (lib/bans/check.ts); so does the page cache.
  startBanIndex()
  if (config.pageCacheBytes > 0) {
    next_.pages = createPageCache({
      maxBytes: config.pageCacheBytes,
      cdnSeconds: config.pageCacheCdnSeconds,
      staleMs: config.pageStaleMs,
      render: loopbackRenderer(http.address() as AddressInfo),
      splice: splicePage,
    })
    watchPageCache(next_.pages.store)
  }

  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host
  log.info(`Corkboard listening on http://${shown}:${port} (${config.database.provider}, media: ${storage.kind})`)
  if (config.housekeeping) startHousekeepingSchedule()

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    log.info(`${signal} received, shutting down`)
    setTimeout(() => {
      log.error('Shutdown took too long; exiting')
      process.exit(1)
    }, SHUTDOWN_LIMIT_MS).unref()
    // Node's server.close() also drops connections it deems idle, which includes a request whose body is
    // still arriving; so drain in-flight requests first and close the servers afterwards.
    next_.pages?.close()
    stopBanIndex()
    realtime.disconnectAll()
    await Promise.all([connections.drain(DRAIN), stopHousekeepingSchedule()])
    await realtime.close()
    await app.close().catch(() => {})
    await flushPageViews()
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
      log.error(err.message)
      process.exit(1)
    }
    throw err
  }
}

main().catch((err) => {
  log.error(`Corkboard failed to start: ${err instanceof Error ? err.message : String(err)}`)
  process.exit(1)
})
