// The in-process domain event bus. Domain mutations publish after their transaction commits; subscribers
// (the socket.io broadcaster, later the page cache) react. Kept on globalThis because server.ts and the
// Next bundle each load this module.
import { EventEmitter } from 'node:events'
import type { DomainEvent } from '../realtime/events'

const KEY = Symbol.for('corkboard.bus')
type Holder = { [KEY]?: EventEmitter }

function emitter(): EventEmitter {
  const g = globalThis as Holder
  if (!g[KEY]) {
    g[KEY] = new EventEmitter()
    g[KEY].setMaxListeners(50)
  }
  return g[KEY]
}

/** Publishes events; call only after the transaction that caused them has committed. */
export function publish(...events: DomainEvent[]): void {
  for (const event of events) {
    for (const listener of emitter().listeners('event')) {
      try {
        ;(listener as (e: DomainEvent) => void)(event)
      } catch (err) {
        // A failing subscriber must not fail the request that already committed.
        console.error('event subscriber failed:', err)
      }
    }
  }
}

export function subscribe(listener: (event: DomainEvent) => void): () => void {
  emitter().on('event', listener)
  return () => emitter().off('event', listener)
}
