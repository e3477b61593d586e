// Carries bus events between processes (REDIS_URL) over socket.io's Redis adapter as server-side events: every
// process updates its page cache and ban index, then tells its own socket clients, in that order (lib/events/bus.ts).
import { deliverRemote, subscribe } from './bus'
import type { BusEvent } from './internal'

const CHANNEL = 'corkboard:bus'

/** The part of a socket.io server the relay uses: messages to and from the other servers of the cluster. */
export interface ClusterLink {
  serverSideEmit(event: string, ...args: unknown[]): boolean
  on(event: string, listener: (...args: never[]) => void): unknown
}

export function startEventRelay(cluster: ClusterLink): () => void {
  cluster.on(CHANNEL, (event: BusEvent) => {
    if (event && typeof event.name === 'string') deliverRemote(event)
  })
  return subscribe('notify', (event, { remote }) => {
    if (!remote) cluster.serverSideEmit(CHANNEL, event)
  })
}
