// The domain event bus. Domain mutations publish after their transaction commits; subscribers react in two
// phases: 'state' subscribers (the page cache, the ban index) first, then 'notify' subscribers (the socket.io
// broadcaster, the Redis relay), so a reader told about a change never fetches a page from before it. With
// REDIS_URL, lib/events/relay.ts carries every event to the other processes, where it is delivered with
// `remote: true`. One emitter per process, however many copies of this module are loaded.
import { EventEmitter } from 'node:events'
import type { BusEvent } from './internal'
import { log } from '../log'
import { processSingleton } from '../process-singleton'

export interface EventMeta {
  /** True when the event happened in another process (relayed through Redis). */
  remote: boolean
}
type Listener = (event: BusEvent, meta: EventMeta) => void
export type Phase = 'state' | 'notify'
const PHASES: readonly Phase[] = ['state', 'notify']

const emitter = () => processSingleton('bus', () => new EventEmitter().setMaxListeners(50))

function deliver(event: BusEvent, meta: EventMeta): void {
  for (const phase of PHASES) {
    for (const listener of emitter().listeners(phase) as Listener[]) {
      try {
        listener(event, meta)
      } catch (err) {
        // A failing subscriber must not fail the request that already committed.
        log.error('event subscriber failed', err)
      }
    }
  }
}

/** Publishes events of this process; call only after the transaction that caused them has committed. */
export function publish(...events: BusEvent[]): void {
  for (const event of events) deliver(event, { remote: false })
}

/** Delivers an event another process published (the relay calls this). */
export function deliverRemote(event: BusEvent): void {
  deliver(event, { remote: true })
}

export function subscribe(phase: Phase, listener: Listener): () => void {
  emitter().on(phase, listener)
  return () => emitter().off(phase, listener)
}
