import type { IncomingHttpHeaders } from 'node:http'

/**
 * True for a request asking Next for React's payload of a page rather than its HTML: a client-side navigation,
 * refresh or prefetch (headers `RSC`, `Next-Router-Prefetch`, `Next-Router-State-Tree`).
 */
export function isFlightRequest(headers: IncomingHttpHeaders): boolean {
  return Boolean(headers.rsc || headers['next-router-prefetch'] || headers['next-router-state-tree'])
}
