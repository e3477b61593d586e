// The API's rate limits, per client address unless stated. In-memory per process by default;
// rate-limiter-flexible keeps the same counters in Redis when REDIS_URL is set (shared across processes), and
// counts in memory while Redis is away or stuck (lib/rate-limit/failover.ts).
import type { Redis } from 'ioredis'
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterRes } from 'rate-limiter-flexible'
import { FailoverLimiter, RedisHealth, type Limiter } from './failover'
import { getConfig } from '../config'
import { RateLimitedError } from '../errors'
import { log } from '../log'
import { metrics } from '../metrics/registry'
import { processSingleton } from '../process-singleton'
import { COMMAND_TIMEOUT_MS, createRedis } from '../redis/client'

export const LIMITS = {
  api: { points: 600, duration: 60 }, // every /api request except health
  threadCreate: { points: 3, duration: 15 * 60 },
  postCreate: { points: 6, duration: 60 }, // threads and replies together
  surveyCreate: { points: 10, duration: 10 * 60 },
  vote: { points: 30, duration: 60 },
  search: { points: 20, duration: 60 }, // searches, API and page together
  visitorDelete: { points: 30, duration: 60 },
  appeal: { points: 5, duration: 60 * 60 },
  report: { points: 20, duration: 60 * 60 }, // visitor reports of posts
  loginFailUser: { points: 5, duration: 15 * 60 }, // failed logins per (username, IP)
  loginFailIp: { points: 20, duration: 15 * 60 }, // failed logins per IP
  staffWrite: { points: 60, duration: 60 }, // per staff user
  socketConnect: { points: 20, duration: 60 }, // socket.io handshakes
  socketJoin: { points: 60, duration: 60 }, // join_board per socket
} as const

// Counted in this process even with Redis: a socket lives in one process, so sharing its counter buys nothing.
export type LimitName = keyof typeof LIMITS

const LOCAL_ONLY: ReadonlySet<LimitName> = new Set(['socketJoin'])

async function build(): Promise<Map<LimitName, Limiter>> {
  const { redisUrl, redisPrefix, rateLimits } = getConfig()
  const map = new Map<LimitName, Limiter>()
  let redis: Redis | undefined
  let health: RedisHealth | undefined
  if (redisUrl) {
    // Connect first (waiting no longer than a command may) so that normal operation starts on Redis; until it is
    // ready the limits count in memory (lib/rate-limit/failover.ts).
    redis = (await createRedis('rate limits', redisUrl)).client
    health = new RedisHealth(redis)
    await Promise.race([
      redis.connect(),
      new Promise((resolve) => setTimeout(resolve, COMMAND_TIMEOUT_MS).unref()),
    ]).catch((err) => log.error(`rate limits: Redis unavailable, using memory: ${err.message}`))
  }
  for (const [name, defaults] of Object.entries(LIMITS) as [LimitName, { points: number; duration: number }][]) {
    const opts = { ...defaults, ...rateLimits[name] }
    const memory = new RateLimiterMemory({ keyPrefix: name, ...opts })
    map.set(
      name,
      redis && health && !LOCAL_ONLY.has(name)
        ? new FailoverLimiter(
            new RateLimiterRedis({ storeClient: redis, keyPrefix: `${redisPrefix}:rl:${name}`, ...opts }),
            memory,
            health,
            isLimiterAnswer,
          )
        : memory,
    )
  }
  return map
}

const limiters = () => processSingleton('rate-limiters', build)

/** Throws RateLimitedError (429) when any named limit is already used up, without counting this request. */
export async function assertNotExhausted(key: string, ...names: LimitName[]): Promise<void> {
  const all = await limiters()
  for (const name of names) {
    const limiter = all.get(name)!
    const res = await limiter.get(key)
    if (res && res.consumedPoints >= limiter.points) {
      metrics().rateLimited.inc({ limit: name })
      throw new RateLimitedError(res.msBeforeNext / 1000)
    }
  }
}

/**
 * A refusal from the limiter. Not `instanceof RateLimiterRes`: server.ts and the Next bundle each load the library,
 * and the limiters (one per process) may come from either copy.
 */
function isLimiterAnswer(value: unknown): value is RateLimiterRes {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as RateLimiterRes).msBeforeNext === 'number' &&
    !(value instanceof Error)
  )
}

/** Counts one request against each named limit; throws RateLimitedError (429) when any is exhausted. */
export async function consume(key: string, ...names: LimitName[]): Promise<void> {
  const all = await limiters()
  for (const name of names) {
    try {
      await all.get(name)!.consume(key)
    } catch (res) {
      if (isLimiterAnswer(res)) {
        metrics().rateLimited.inc({ limit: name })
        throw new RateLimitedError(res.msBeforeNext / 1000)
      }
      throw res
    }
  }
}

/**
 * Runs `read` (reading and validating a request); when it throws, the request still counts against the named
 * limits before the error goes on, as a refused request costs the same as an accepted one.
 */
export async function countedIfRefused<T>(key: string, names: LimitName[], read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (err) {
    await consume(key, ...names).catch(() => {}) // already at the limit: the refusal itself is what the caller sees
    throw err
  }
}
