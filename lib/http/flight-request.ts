import type { IncomingHttpHeaders, ServerResponse } from 'node:http'
// Next's own parser of the header, not a copy of its schema: the check below refuses exactly what Next would throw
// on, whatever Next's version. (Next's package has no exports map; Node's ES module loader needs the extension.)
import { parseAndValidateFlightRouterState } from 'next/dist/server/app-render/parse-and-validate-flight-router-state.js'
import { ValidationError } from '../errors'
import { errorResponse } from './error-response'
import { sendAndClose } from './request-target'

const ROUTER_STATE_HEADER = 'next-router-state-tree'

/**
 * True for a request asking Next for React's payload of a page rather than its HTML: a client-side navigation,
 * refresh or prefetch (headers `RSC`, `Next-Router-Prefetch`, `Next-Router-State-Tree`).
 */
export function isFlightRequest(headers: IncomingHttpHeaders): boolean {
  return Boolean(headers.rsc || headers['next-router-prefetch'] || headers[ROUTER_STATE_HEADER])
}

/**
 * A navigation (`RSC: 1`) whose router state header Next cannot parse: not JSON, not the shape of a route tree, or
 * too large. Next throws on it while rendering and answers 500, on every page; the fault is the client's, so
 * server.ts answers 400 before Next sees the request. A browser running our pages never sends one.
 */
export function hasMalformedRouterState(headers: IncomingHttpHeaders): boolean {
  const state = headers[ROUTER_STATE_HEADER]
  if (headers.rsc !== '1' || state === undefined) return false
  try {
    parseAndValidateFlightRouterState(state)
    return false
  } catch {
    return true
  }
}

export async function refuseRouterState(res: ServerResponse): Promise<void> {
  await sendAndClose(res, errorResponse(ValidationError.field(ROUTER_STATE_HEADER, 'Malformed router state header')))
}
