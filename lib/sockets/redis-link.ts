// The two Redis connections socket.io's Redis adapter links the processes with. The adapter sends commands without
// looking at their results, so a failure while Redis is away would be an unhandled rejection per event: here each
// failure is logged (one line per interval) instead. Events published or sent while the link was down are lost,
// so a process reports, once its link is back, that it may have missed events or that others missed its own.
import type { Redis } from 'ioredis'
import { createRedis, handleCommandFailures } from '../redis/client'
import { logThrottled } from '../throttled-log'

export interface RedisLink {
  pub: Redis
  sub: Redis
  /** Called when this process's subscriptions are back after an outage: events of other processes were lost. */
  onMissed(listener: () => void): void
  /** Called when the publisher is back after failing to publish: other processes missed this one's events. */
  onUnsent(listener: () => void): void
  close(): Promise<void>
}

export async function connectRedisLink(url: string): Promise<RedisLink> {
  const [pub, sub] = await Promise.all([
    createRedis('realtime publisher', url),
    createRedis('realtime subscriber', url),
  ])
  let unsent = false
  handleCommandFailures(pub.client, (err, command) => {
    if (command !== 'publish')
      return void logThrottled('realtime:publisher', `realtime: Redis ${command} failed (${err.message})`)
    unsent = true
    logThrottled(
      'realtime:publish',
      `realtime: Redis publish failed (${err.message}); other processes miss events until it is back`,
    )
  })
  handleCommandFailures(sub.client, (err, command) => {
    logThrottled('realtime:subscribe', `realtime: Redis ${command} failed (${err.message})`)
  })
  await Promise.all([pub.client.connect(), sub.client.connect()])

  const missed: Array<() => void> = []
  const unsentListeners: Array<() => void> = []
  sub.onReconnected(() => {
    // ioredis subscribes again as it gets ready; a PING is answered after those subscriptions, so from then on
    // no event can be missed, and whatever came before is dealt with as missed.
    void sub.client
      .ping()
      .catch(() => {})
      .finally(() => missed.forEach((l) => l()))
  })
  pub.onReconnected(() => {
    if (!unsent) return
    unsent = false
    unsentListeners.forEach((l) => l())
  })
  return {
    pub: pub.client,
    sub: sub.client,
    onMissed: (l) => void missed.push(l),
    onUnsent: (l) => void unsentListeners.push(l),
    async close() {
      await Promise.allSettled([pub.client.quit(), sub.client.quit()])
    },
  }
}
