// Every Redis connection of Corkboard is made here, with the options a web process needs from a dependency that
// may vanish or freeze: a connect timeout, a command timeout, bounded retries, an error handler that logs one
// line per failure kind per interval, and a line when the connection is back.
import type { Redis, RedisOptions } from 'ioredis'
import { log } from '../log'
import { logThrottled, resetThrottle } from '../throttled-log'

/** A command Redis has not answered by then has failed: callers fall back (rate limits) or give up (publish). */
export const COMMAND_TIMEOUT_MS = 500
const CONNECT_TIMEOUT_MS = 2_000
const MAX_RETRY_DELAY_MS = 2_000

export interface RedisClient {
  client: Redis
  /** Calls `listener` each time the connection is ready again after it was lost (events may have been missed). */
  onReconnected(listener: () => void): void
}

/** `role` names the connection in log lines ("rate limits", "realtime publisher"). Connects lazily. */
export async function createRedis(role: string, url: string, overrides: RedisOptions = {}): Promise<RedisClient> {
  const { Redis } = await import('ioredis')
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    // No offline queue: while Redis is away a command fails at once instead of waiting for it to come back.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 200, MAX_RETRY_DELAY_MS),
    // CLIENT SETINFO is only known from Redis 7.2 on; older servers would answer every connection with an error.
    disableClientInfo: true,
    ...overrides,
  })
  return watch(role, client)
}

function watch(role: string, client: Redis): RedisClient {
  const listeners: Array<() => void> = []
  let wasReady = false
  let lost = false
  client.on('error', (err: Error & { code?: string }) => {
    logThrottled(`redis:${role}:${err.code ?? err.name}`, `Redis (${role}): ${err.message}`)
  })
  // 'reconnecting', not 'close': a connection closed on purpose (quit at shutdown) is not lost.
  client.on('reconnecting', () => {
    if (!wasReady || lost) return
    lost = true
    logThrottled(`redis:${role}:closed`, `Redis (${role}): connection lost, reconnecting`)
  })
  client.on('ready', () => {
    wasReady = true
    if (!lost) return
    lost = false
    resetThrottle(`redis:${role}:closed`)
    log.info(`Redis (${role}): connection back`)
    for (const listener of listeners) listener()
  })
  return { client, onReconnected: (listener) => void listeners.push(listener) }
}

/**
 * Marks every command's failure as handled (after logging it), for a client whose commands are sent by a library
 * that never looks at their results (socket.io's Redis adapter publishes and subscribes without a catch).
 */
export function handleCommandFailures(client: Redis, onFailure: (err: Error, command: string) => void): void {
  const send = client.sendCommand.bind(client)
  client.sendCommand = ((command, stream) => {
    const result = send(command, stream) as Promise<unknown>
    result.catch((err: Error) => onFailure(err, command.name))
    return result
  }) as typeof client.sendCommand
}
