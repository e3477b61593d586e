// One post per captcha solution, in every process: a solution is claimed by recording a hash of its challenge's
// signature until the challenge expires. With REDIS_URL the record is a Redis key (SET NX PX); otherwise, or while
// Redis does not answer, a row of the captcha_uses table whose primary key refuses a second claim. Expired rows
// are deleted lazily, at most once a minute per process, by the process that claims the next solution.
import { createHash } from 'node:crypto'
import type { Redis } from 'ioredis'
import { getConfig } from '../config'
import { getDb, rawSql } from '../db/client'
import { log } from '../log'
import { processSingleton } from '../process-singleton'
import { COMMAND_TIMEOUT_MS, createRedis } from '../redis/client'
import { logThrottled } from '../throttled-log'

const SWEEP_EVERY_MS = 60_000

interface ReplayState {
  redis: Promise<Redis | null> | null
  lastSweep: number
}
const state = () => processSingleton<ReplayState>('captcha.replay', () => ({ redis: null, lastSweep: 0 }))

/** The key a solution is recorded under: a hash of the signature that makes its challenge unique. */
export function solutionKey(signature: string): string {
  return createHash('sha256').update(signature).digest('hex')
}

async function connect(url: string): Promise<Redis> {
  const redis = (await createRedis('captcha replay', url)).client
  await Promise.race([
    redis.connect(),
    new Promise((resolve) => setTimeout(resolve, COMMAND_TIMEOUT_MS).unref()),
  ]).catch((err) => log.error(`captcha replay: Redis unavailable, using the database: ${err.message}`))
  return redis
}

function redisClient(): Promise<Redis | null> {
  const s = state()
  const url = getConfig().redisUrl
  if (!url) return Promise.resolve(null)
  s.redis ??= connect(url)
  return s.redis
}

async function claimInRedis(redis: Redis, key: string, expiresAt: Date): Promise<boolean> {
  const ttl = Math.max(1, expiresAt.getTime() - Date.now())
  const answer = await redis.set(`${getConfig().redisPrefix}:captcha:${key}`, '1', 'PX', ttl, 'NX')
  return answer === 'OK'
}

async function claimInDatabase(key: string, expiresAt: Date): Promise<boolean> {
  const db = await getDb()
  const s = state()
  const now = Date.now()
  if (now - s.lastSweep >= SWEEP_EVERY_MS) {
    s.lastSweep = now
    await db.captchaUse
      .deleteMany({ where: { expiresAt: { lt: new Date(now) } } })
      .catch((err) => log.error('captcha replay: could not delete expired solutions', err))
  }
  // A key already present inserts no row, so the count of rows inserted (1 or 0) tells a first claim from a replay
  // in one plain statement, with no error to catch and tell apart from a real failure. It runs on the driver
  // (lib/db/driver-sql.ts), past the client's per-statement cost, as the reply it comes before does.
  const driver = await rawSql()
  const inserted = await driver.$executeRaw`
    INSERT INTO captcha_uses ("key", expires_at) VALUES (${key}, ${expiresAt}) ON CONFLICT ("key") DO NOTHING`
  return inserted === 1
}

/** Records the solution as used; false when it was used before (in this or any other process). */
export async function claimSolution(signature: string, expiresAt: Date): Promise<boolean> {
  const key = solutionKey(signature)
  const redis = await redisClient()
  if (redis) {
    try {
      return await claimInRedis(redis, key, expiresAt)
    } catch (err) {
      logThrottled('captcha:redis', `captcha replay: Redis failed, using the database: ${(err as Error).message}`)
    }
  }
  return claimInDatabase(key, expiresAt)
}
