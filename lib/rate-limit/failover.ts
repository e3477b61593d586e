// A limit counted in Redis that falls back to counting in this process's memory, at once, while Redis is away
// or stuck: requests never wait on Redis for more than one command timeout, and only one request per retry
// interval pays even that (the others go straight to memory until Redis is tried again).
import type { Redis } from 'ioredis'
import type { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible'
import { logThrottled } from '../throttled-log'

const RETRY_AFTER_FAILURE_MS = 3_000

/** Whether Redis is worth asking; shared by all limits on one connection. */
export class RedisHealth {
  private failedAt = 0

  constructor(private readonly client: Redis) {}

  usable(now = Date.now()): boolean {
    return this.client.status === 'ready' && now - this.failedAt >= RETRY_AFTER_FAILURE_MS
  }

  failed(err: unknown): void {
    this.failedAt = Date.now()
    logThrottled(
      'rate-limits:redis',
      `rate limits: Redis failed (${err instanceof Error ? err.message : String(err)}); counting in memory meanwhile`,
    )
  }
}

/** The part of a rate-limiter-flexible limiter that lib/rate-limit/limits.ts uses. */
export interface Limiter {
  readonly points: number
  get(key: string): Promise<RateLimiterRes | null>
  consume(key: string): Promise<RateLimiterRes>
}

export class FailoverLimiter implements Limiter {
  constructor(
    private readonly redis: RateLimiterRedis,
    private readonly memory: RateLimiterMemory,
    private readonly health: RedisHealth,
    /** Tells a refusal (a limiter answer) from a Redis failure. */
    private readonly isAnswer: (value: unknown) => boolean,
  ) {}

  get points(): number {
    return this.memory.points
  }

  get(key: string): Promise<RateLimiterRes | null> {
    return this.attempt(
      () => this.redis.get(key),
      () => this.memory.get(key),
    )
  }

  consume(key: string): Promise<RateLimiterRes> {
    return this.attempt(
      () => this.redis.consume(key),
      () => this.memory.consume(key),
    )
  }

  private async attempt<T>(onRedis: () => Promise<T>, inMemory: () => Promise<T>): Promise<T> {
    if (!this.health.usable()) return inMemory()
    try {
      return await onRedis()
    } catch (err) {
      if (this.isAnswer(err)) throw err
      this.health.failed(err)
      return inMemory()
    }
  }
}
