// Carries bus events between processes (REDIS_URL) over socket.io's Redis adapter as server-side events: every
// process updates its page cache and ban index, then tells its own socket clients, in that order (lib/events/bus.ts).
// Events sent while Redis was away are lost: a process whose link comes back publishes events_missed on its own
// bus, and asks the others to do the same when its own events could not be sent.
import { deliverRemote, publish, subscribe } from './bus'
import { isLocalOnly, type BusEvent } from './internal'

const CHANNEL = 'corkboard:bus'
const LOST = 'corkboard:lost'

/** The part of a socket.io server the relay uses: messages to and from the other servers of the cluster. */
export interface ClusterLink {
  serverSideEmit(event: string, ...args: unknown[]): boolean
  on(event: string, listener: (...args: never[]) => void): unknown
}

export interface EventRelay {
  stop(): void
  /** This process's link was down: it may have missed the others' events. */
  missedEvents(): void
  /** This process's events could not be sent: the others may have missed them. */
  unsentEvents(): void
}

const eventsMissed = () => publish({ name: 'events_missed', payload: {} })

export function startEventRelay(cluster: ClusterLink): EventRelay {
  cluster.on(CHANNEL, (event: BusEvent) => {
    if (event && typeof event.name === 'string') deliverRemote(event)
  })
  cluster.on(LOST, eventsMissed)
  const stop = subscribe('notify', (event, { remote }) => {
    if (!remote && !isLocalOnly(event)) cluster.serverSideEmit(CHANNEL, event)
  })
  return { stop, missedEvents: eventsMissed, unsentEvents: () => void cluster.serverSideEmit(LOST) }
}
