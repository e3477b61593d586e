// Every request gets an id at the edge (server.ts), passed to Next in an internal header that server.ts always
// overwrites. The request's log line, the log line of an unexpected error and the 500 body all carry it.
import { randomUUID } from 'node:crypto'

export const REQUEST_ID_HEADER = 'x-corkboard-request-id'

export const newRequestId = (): string => randomUUID()

/** The id server.ts gave the request; a fresh one for requests that did not come through it (unit tests). */
export function requestIdOf(headers: Headers): string {
  return headers.get(REQUEST_ID_HEADER) ?? newRequestId()
}
