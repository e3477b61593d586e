// The process's one Prometheus registry and every metric Corkboard exports. One copy per process however many
// times Next bundles this module (process-singleton.ts), and prom-client itself is kept out of the bundles
// (next.config.mjs), so server.ts and the route handlers count into the same series.
// Labels take values from small fixed sets only (route templates, status codes, limit names, media types):
// a label fed with raw paths or addresses would grow without bound.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { parseMemoBytes } from '../markup/parse-memo'
import { processSingleton, processSlot } from '../process-singleton'
import { fragmentCacheBytes } from '../render/fragment-cache'

/** What the page-cache gauges read when scraped (server.ts registers its cache). */
interface PageCacheFigures {
  readonly bytes: number
  readonly size: number
}
const pageCacheSlot = processSlot<PageCacheFigures>('metrics.page-cache')

export function watchPageCache(store: PageCacheFigures): void {
  pageCacheSlot.set(store)
}

function createMetrics() {
  const registry = new Registry()
  // Process figures: CPU, memory, handles, garbage collection and event-loop lag (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 })
  const registers = [registry]
  return {
    registry,
    httpRequests: new Counter({
      name: 'corkboard_http_requests_total',
      help: 'HTTP requests answered, by method, route template and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: 'corkboard_http_request_duration_seconds',
      help: 'Time from the request to the end of its answer, by method and route template',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    pageCache: new Counter({
      name: 'corkboard_page_cache_requests_total',
      help:
        'Requests answered by the page cache: hit, stale (sent while the new page renders), miss (this request ' +
        'rendered), shared (waited for a render)',
      labelNames: ['result'] as const,
      registers,
    }),
    pageRenders: new Counter({
      name: 'corkboard_page_cache_renders_total',
      help:
        'New versions of cached pages: full (rendered by Next), spliced (new slot contents put into the ' +
        "previous render's surroundings)",
      labelNames: ['how'] as const,
      registers,
    }),
    pageCacheBytes: new Gauge({
      name: 'corkboard_page_cache_bytes',
      help: 'Bytes held by the page cache (all encodings)',
      registers,
      collect() {
        this.set(pageCacheSlot.get()?.bytes ?? 0)
      },
    }),
    pageCacheEntries: new Gauge({
      name: 'corkboard_page_cache_entries',
      help: 'Pages held by the page cache',
      registers,
      collect() {
        this.set(pageCacheSlot.get()?.size ?? 0)
      },
    }),
    parseMemoBytes: new Gauge({
      name: 'corkboard_markup_parse_memo_bytes',
      help: 'Bytes held, by estimate, by the memo of parsed post texts that page renders reuse',
      registers,
      collect() {
        this.set(parseMemoBytes())
      },
    }),
    fragmentCacheBytes: new Gauge({
      name: 'corkboard_html_fragment_cache_bytes',
      help: 'Bytes held, by estimate, by the cache of post HTML fragments that thread and board pages are built from',
      registers,
      collect() {
        this.set(fragmentCacheBytes())
      },
    }),
    postsCreated: new Counter({
      name: 'corkboard_posts_created_total',
      help: 'Posts created in this process: kind thread (an opening post) or reply',
      labelNames: ['kind'] as const,
      registers,
    }),
    uploads: new Counter({
      name: 'corkboard_uploads_total',
      help: 'Files accepted with a post, by media type',
      labelNames: ['type'] as const,
      registers,
    }),
    mediaRestores: new Counter({
      name: 'corkboard_media_restores_total',
      help: "A new post's files stored again after a deletion got in before its commit, by outcome (restored, failed)",
      labelNames: ['outcome'] as const,
      registers,
    }),
    uploadRejections: new Counter({
      name: 'corkboard_upload_rejections_total',
      help: 'Files refused, by reason (too_large, invalid_type)',
      labelNames: ['reason'] as const,
      registers,
    }),
    openSockets: new Gauge({
      name: 'corkboard_open_sockets',
      help: 'socket.io clients connected to this process',
      registers,
    }),
    dbStatements: new Histogram({
      name: 'corkboard_db_statement_duration_seconds',
      help: 'Time of each database statement, by kind (read, write, transaction) and outcome',
      labelNames: ['kind', 'outcome'] as const,
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 3],
      registers,
    }),
    rateLimited: new Counter({
      name: 'corkboard_rate_limit_rejections_total',
      help: 'Requests refused by a rate limit, by limit name',
      labelNames: ['limit'] as const,
      registers,
    }),
    housekeepingRuns: new Counter({
      name: 'corkboard_housekeeping_runs_total',
      help: 'Housekeeping runs of this process, by trigger and outcome (ok, failed_tasks, failed, skipped)',
      labelNames: ['trigger', 'outcome'] as const,
      registers,
    }),
  }
}

export type Metrics = ReturnType<typeof createMetrics>

export const metrics = (): Metrics => processSingleton('metrics', createMetrics)
