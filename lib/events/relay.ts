// Carries bus events between processes through Redis pub/sub (REDIS_URL), so every process's page cache and ban
// index see every write. socket.io broadcasts cross processes through its own Redis adapter, so the realtime
// broadcaster ignores relayed events.
import { randomUUID } from 'node:crypto'
import { deliverRemote, subscribe } from './bus'
import type { BusEvent } from './internal'

interface Envelope { origin: string; event: BusEvent }

export async function startEventRelay(redisUrl: string, prefix: string): Promise<{ close(): Promise<void> }> {
  const { Redis } = await import('ioredis')
  const channel = `${prefix}:events`
  const origin = randomUUID()
  const pub = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 })
  const sub = pub.duplicate()
  await Promise.all([pub.connect(), sub.connect()])
  await sub.subscribe(channel)
  sub.on('message', (_channel: string, text: string) => {
    let envelope: Envelope
    try {
      envelope = JSON.parse(text)
    } catch {
      return
    }
    if (envelope.origin !== origin && envelope.event?.name) deliverRemote(envelope.event)
  })
  const unsubscribe = subscribe((event, meta) => {
    if (meta.remote) return
    pub.publish(channel, JSON.stringify({ origin, event } satisfies Envelope)).catch((err) => console.error('event relay: publish failed:', err.message))
  })
  return {
    async close() {
      unsubscribe()
      await Promise.allSettled([pub.quit(), sub.quit()])
    },
  }
}
