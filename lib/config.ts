// The one place that reads process.env. Validated with zod at start-up; a bad value stops the server with a
// message naming the variable. Imported by server.ts and by route handlers (never marked server-only).
import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import ipaddr from 'ipaddr.js'
import { z } from 'zod'
import { processSingleton } from './process-singleton'

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')
const optionalUrl = z.url({ message: 'must be an absolute URL' }).optional()
/** PAGE_STALE_MS when unset: readers of a busy page may miss the last 2 s of posts (a CDN in front keeps 5 s). */
export const DEFAULT_PAGE_STALE_MS = 2_000

/** An origin: scheme, host and optional port, nothing else. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value.replace(/\/$/, '')
  } catch {
    return false
  }
}

const RateLimitOverrides = z.record(
  z.string(),
  z
    .object({
      points: z.number().int().positive().optional(),
      duration: z.number().int().positive().optional(),
    })
    .strict(),
)

// Logging settings are read on their own too (lib/log.ts), so a log line can be written before the whole
// configuration is known, or when it is invalid.
const LogEnvSchema = z.object({
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  LOG_PRETTY: bool.optional(),
  LOG_CLIENT_ADDRESS: bool.default(false),
  LOG_CACHE_HITS: bool.default(false),
})

const EnvSchema = LogEnvSchema.extend({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number({ message: 'must be a number' }).int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => v === undefined || isDatabaseUrl(v), {
      message: 'must be file:<path> (SQLite) or postgres://user@host:port/db (PostgreSQL)',
    }),
  MEDIA_DIR: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  S3_PUBLIC_URL: optionalUrl,
  S3_PREFIX: z
    .string()
    .regex(/^([a-z0-9_-]+\/)*$/, 'must be empty or like "media/"')
    .default('media/'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_:-]{1,64}$/, 'must be 1–64 letters, digits, _, : or -')
    .default('corkboard'),
  TRUST_PROXY_HOPS: z.coerce.number({ message: 'must be a number' }).int().min(0).max(10).default(0),
  PUBLIC_ORIGIN: optionalUrl,
  CORS_ORIGINS: z
    .string()
    .default('')
    .refine(
      (v) =>
        v
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean)
          .every(isOrigin),
      {
        message: 'must be a comma-separated list of origins such as https://client.example.com',
      },
    ),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  POSTER_ID_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  HOUSEKEEPING: z.enum(['on', 'off']).default('on'),
  HOUSEKEEPING_LEASE_SECONDS: z.coerce.number({ message: 'must be a number' }).int().min(5).max(3600).default(60),
  STORAGE_LOW_MB: z.coerce.number({ message: 'must be a number' }).min(0).max(1_048_576).default(256),
  PAGE_CACHE_MB: z.coerce.number({ message: 'must be a number' }).min(0).max(65536).default(64),
  FRAGMENT_CACHE_MB: z.coerce.number({ message: 'must be a number' }).min(0).max(65536).default(32),
  PAGE_CACHE_CDN_SECONDS: z.coerce.number({ message: 'must be a number' }).int().min(0).max(3600).default(5),
  PAGE_STALE_MS: z.coerce
    .number({ message: 'must be a number' })
    .int()
    .min(0)
    .max(60_000)
    .default(DEFAULT_PAGE_STALE_MS),
  STATS_REFRESH_SECONDS: z.coerce.number({ message: 'must be a number' }).int().min(0).max(300).default(300),
  DB_STATEMENT_LOG: bool.default(false),
  DB_QUERY_TIMEOUT_MS: z.coerce.number({ message: 'must be a number' }).int().min(500).max(600_000).default(3000),
  SQLITE_SYNCHRONOUS: z.enum(['NORMAL', 'FULL'], { message: 'must be NORMAL or FULL' }).default('NORMAL'),
  PROXY_CIDRS: z
    .string()
    .default('')
    .refine(
      (v) =>
        v
          .split(',')
          .map((c) => c.trim())
          .filter(Boolean)
          .every(isCidr),
      {
        message: 'must be a comma-separated list of CIDR ranges such as 173.245.48.0/20,2400:cb00::/32',
      },
    ),
  RATE_LIMITS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return {}
      try {
        return RateLimitOverrides.parse(JSON.parse(v))
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON like {"threadCreate":{"points":3,"duration":900}}' })
        return z.NEVER
      }
    }),
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number({ message: 'must be a number' }).int().min(1).max(600).default(20),
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number({ message: 'must be a number' }).int().min(1).max(3600).default(300),
  HTTP_IDLE_TIMEOUT_SECONDS: z.coerce.number({ message: 'must be a number' }).int().min(1).max(3600).default(60),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  DUPLICATE_TEXT_SECONDS: z.coerce.number({ message: 'must be a number' }).int().min(0).max(604_800).default(600),
  DUPLICATE_FILE_SECONDS: z.coerce.number({ message: 'must be a number' }).int().min(0).max(604_800).default(3600),
  CAPTCHA_DEFAULT: z.enum(['off', 'threads', 'all'], { message: 'must be off, threads or all' }).default('off'),
  CAPTCHA_COMPLEXITY: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(10, 'must be between 10 and 1000000')
    .max(1_000_000, 'must be between 10 and 1000000')
    .default(5000),
})

export interface LogSettings {
  level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
  /** Human-readable lines instead of JSON; by default only in development on a terminal. */
  pretty: boolean
  /** Put the client address on request lines (off by default: addresses are personal data). */
  clientAddress: boolean
  /** Write request lines for answers the page cache sent from memory too (off by default: see observe-request.ts). */
  cacheHits: boolean
}

/** The logging settings alone; an invalid value falls back to the default (the full check reports it). */
export function parseLogSettings(env: Record<string, string | undefined>, isTty: boolean): LogSettings {
  const pick = <K extends keyof z.infer<typeof LogEnvSchema>>(key: K) => {
    const one = LogEnvSchema.shape[key].safeParse(env[key])
    return (one.success ? one.data : LogEnvSchema.shape[key].parse(undefined)) as z.infer<typeof LogEnvSchema>[K]
  }
  return {
    level: pick('LOG_LEVEL'),
    pretty: pick('LOG_PRETTY') ?? (env.NODE_ENV !== 'production' && isTty),
    clientAddress: pick('LOG_CLIENT_ADDRESS'),
    cacheHits: pick('LOG_CACHE_HITS'),
  }
}

export interface Config {
  env: 'development' | 'production' | 'test'
  host: string
  port: number
  dataDir: string
  database: { provider: 'sqlite' | 'postgresql'; url: string }
  media:
    | { kind: 'local'; dir: string; urlPrefix: string }
    | {
        kind: 's3'
        bucket: string
        region: string
        endpoint?: string
        accessKeyId?: string
        secretAccessKey?: string
        forcePathStyle: boolean
        publicUrl: string
        prefix: string
      }
  redisUrl?: string
  /** Namespace of Corkboard's keys and channels in Redis (several deployments may share one server). */
  redisPrefix: string
  trustProxyHops: number
  publicOrigin?: string
  /** Other origins allowed to call the API and open sockets with credentials; usually none. */
  corsOrigins: string[]
  sessionSecret: string
  posterIdSecret: string
  housekeeping: boolean
  /** Lease of the housekeeping lock, renewed every third of it while a run lasts: how long a crashed run blocks. */
  housekeepingLeaseMs: number
  /** Free bytes on the local media disk below which health reports storage "low"; 0 turns the check off. */
  storageLowBytes: number
  /** Bytes of rendered pages kept in memory; 0 turns the page cache off. */
  pageCacheBytes: number
  /** Bytes of post HTML fragments kept for re-rendering thread and board pages; 0 renders every post each time. */
  fragmentCacheBytes: number
  /** s-maxage of cached public pages, for a CDN in front. */
  pageCacheCdnSeconds: number
  /**
   * How long a cached page may still be served after a post, thread or vote it does not show, while one render of
   * the new state runs in the background (lib/page-cache/README.md, "Served stale"); 0: never.
   */
  pageStaleMs: number
  /** How long public statistics are reused before they are recomputed (at most 5 minutes). */
  statsRefreshSeconds: number
  /** Log the number of SQL statements of every request (finding N+1 queries; lib/db/statement-count.ts). */
  dbStatementLog: boolean
  /** Longest time one SQL statement may run (PostgreSQL cancels it; the client gives up soon after). */
  dbQueryTimeoutMs: number
  /** SQLite durability: NORMAL survives a process crash, FULL also a power loss (slower commits). */
  sqliteSynchronous: 'NORMAL' | 'FULL'
  /** Overrides of the default rate limits (lib/rate-limit/limits.ts), by limit name (points per duration seconds). */
  rateLimits: Record<string, { points?: number; duration?: number }>
  /** Proxy/CDN ranges whose clients get the country code CF. */
  proxyCidrs: [ipaddr.IPv4 | ipaddr.IPv6, number][]
  /** Slow-client limits of the HTTP server: all headers, a whole request, and silence on a connection. */
  httpTimeouts: { headersMs: number; requestMs: number; idleMs: number }
  log: LogSettings
  /** Bearer token that opens /metrics; without one, /metrics does not exist (404). */
  metricsToken?: string
  /** Duplicate-post windows (lib/duplicates): the same text on a board, the same file in another thread; 0 is off. */
  duplicateWindows: { textSeconds: number; fileSeconds: number }
  /** The captcha setting new boards get (off | threads | all). */
  captchaDefault: 'off' | 'threads' | 'all'
  /** Key derivations a captcha solver needs on average per post (lib/captcha/challenge.ts). */
  captchaComplexity: number
}

export class ConfigError extends Error {}

function isCidr(v: string): boolean {
  try {
    ipaddr.parseCIDR(v)
    return true
  } catch {
    return false
  }
}

function isDatabaseUrl(v: string): boolean {
  if (/^file:.+/.test(v)) return true
  try {
    const u = new URL(v)
    return (u.protocol === 'postgres:' || u.protocol === 'postgresql:') && u.hostname !== '' && u.pathname.length > 1
  } catch {
    return false
  }
}

/** Secrets not given in the environment are generated once and kept in the data directory (mode 0600). */
function persistedSecrets(dataDir: string): { sessionSecret: string; posterIdSecret: string } {
  const file = path.join(/*turbopackIgnore: true*/ dataDir, 'secrets.json')
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'))
  mkdirSync(dataDir, { recursive: true })
  const secrets = {
    sessionSecret: randomBytes(32).toString('base64url'),
    posterIdSecret: randomBytes(32).toString('base64url'),
  }
  writeFileSync(file, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600, flag: 'wx' })
  chmodSync(file, 0o600)
  return secrets
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const dataDir = path.resolve(/*turbopackIgnore: true*/ e.DATA_DIR)
  const dbUrl = e.DATABASE_URL ?? `file:${path.join(/*turbopackIgnore: true*/ dataDir, 'corkboard.db')}`
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    )
  }
  const needPersisted = !e.SESSION_SECRET || !e.POSTER_ID_SECRET
  const persisted = needPersisted ? persistedSecrets(dataDir) : undefined
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    database: { provider: dbUrl.startsWith('file:') ? 'sqlite' : 'postgresql', url: dbUrl },
    media: e.S3_BUCKET
      ? {
          kind: 's3',
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          publicUrl: (e.S3_PUBLIC_URL ?? defaultS3PublicUrl(e.S3_ENDPOINT, e.S3_BUCKET, e.S3_REGION)).replace(
            /\/$/,
            '',
          ),
          prefix: e.S3_PREFIX,
        }
      : {
          kind: 'local',
          dir: path.resolve(
            /*turbopackIgnore: true*/ e.MEDIA_DIR ?? path.join(/*turbopackIgnore: true*/ dataDir, 'media'),
          ),
          urlPrefix: '/media',
        },
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    publicOrigin: e.PUBLIC_ORIGIN?.replace(/\/$/, ''),
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean)
      .map((o) => new URL(o).origin),
    sessionSecret: e.SESSION_SECRET ?? persisted!.sessionSecret,
    posterIdSecret: e.POSTER_ID_SECRET ?? persisted!.posterIdSecret,
    housekeeping: e.HOUSEKEEPING === 'on',
    housekeepingLeaseMs: e.HOUSEKEEPING_LEASE_SECONDS * 1000,
    storageLowBytes: Math.round(e.STORAGE_LOW_MB * 1024 * 1024),
    pageCacheBytes: Math.round(e.PAGE_CACHE_MB * 1024 * 1024),
    fragmentCacheBytes: Math.round(e.FRAGMENT_CACHE_MB * 1024 * 1024),
    pageCacheCdnSeconds: e.PAGE_CACHE_CDN_SECONDS,
    pageStaleMs: e.PAGE_STALE_MS,
    statsRefreshSeconds: e.STATS_REFRESH_SECONDS,
    dbStatementLog: e.DB_STATEMENT_LOG,
    dbQueryTimeoutMs: e.DB_QUERY_TIMEOUT_MS,
    sqliteSynchronous: e.SQLITE_SYNCHRONOUS,
    rateLimits: e.RATE_LIMITS,
    proxyCidrs: e.PROXY_CIDRS.split(',')
      .map((c) => c.trim())
      .filter(Boolean)
      .map((c) => ipaddr.parseCIDR(c)),
    httpTimeouts: {
      headersMs: e.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      requestMs: e.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      idleMs: e.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
    },
    log: parseLogSettings(env, Boolean(process.stdout.isTTY)),
    metricsToken: e.METRICS_TOKEN,
    duplicateWindows: { textSeconds: e.DUPLICATE_TEXT_SECONDS, fileSeconds: e.DUPLICATE_FILE_SECONDS },
    captchaDefault: e.CAPTCHA_DEFAULT,
    captchaComplexity: e.CAPTCHA_COMPLEXITY,
  }
}

function defaultS3PublicUrl(endpoint: string | undefined, bucket: string, region: string): string {
  return endpoint ? `${endpoint.replace(/\/$/, '')}/${bucket}` : `https://${bucket}.s3.${region}.amazonaws.com`
}

/** The process's configuration, parsed on first use. */
export function getConfig(): Config {
  return processSingleton('config', () => parseConfig(process.env))
}
