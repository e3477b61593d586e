// The one mapping from thrown errors to HTTP responses: domain errors get their status and body (zod failures
// become 400s through lib/validation.ts). Anything that is not a DomainError
// is logged with a request id and answered as a bare 500: no stack, SQL, driver message or path leaks.
import { ZodError } from 'zod'
import { bytesResponse } from './known-body'
import { newRequestId } from './request-id'
import { noteDbFault } from '../db/fault-state'
import { databaseFaultOf } from '../db/faults'
import {
  BannedError,
  ConflictError,
  DuplicatePostError,
  FileTooLargeError,
  ForbiddenError,
  InvalidFileTypeError,
  LoginRequiredError,
  NotFoundError,
  PostRejectedError,
  RateLimitedError,
  RequestTooLargeError,
  StorageFullError,
  StorageUnavailableError,
  ValidationError,
} from '../errors'
import { DatabaseFullError, DatabaseUnavailableError, DomainError } from '../errors'
import { log } from '../log'
import { ALLOWED_MEDIA_TEXT } from '../media/content-types'
import { metrics } from '../metrics/registry'
import { validationErrorOf } from '../validation'

export const NO_STORE = { 'Cache-Control': 'no-store' }

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...NO_STORE, ...headers } })
}

/**
 * A JSON answer whose body is already serialised, as text or as parts in order (the read API's lists,
 * lib/render/thread-json.ts); either way server.ts's direct routes write and compress its bytes without a copy.
 */
export function jsonText(body: string | readonly Buffer[], status = 200): Response {
  const init = { status, headers: { 'Content-Type': 'application/json', ...NO_STORE } }
  return bytesResponse(typeof body === 'string' ? [Buffer.from(body)] : body, init)
}

/** `requestId` is the id server.ts gave the request, so the 500 body, its error line and its request line agree. */
export function errorResponse(thrown: unknown, requestId = newRequestId()): Response {
  const err = thrown instanceof ZodError ? validationErrorOf(thrown) : asDatabaseError(thrown)
  if (err instanceof ValidationError) return json({ error: err.errorName, details: err.details }, 400)
  if (err instanceof PostRejectedError) return json({ error: err.message, message: err.posterMessage }, 400)
  if (err instanceof LoginRequiredError) return json({ error: err.message }, 401)
  if (err instanceof BannedError) return json(err.body, 403)
  if (err instanceof ForbiddenError) return json({ error: err.message }, 403)
  if (err instanceof NotFoundError) return json({ error: err.message }, 404)
  if (err instanceof ConflictError) return json({ error: err.message }, 409)
  if (err instanceof DuplicatePostError) return json({ error: err.message, message: err.posterMessage }, 409)
  if (err instanceof RequestTooLargeError) return json({ error: err.message }, 413)
  if (err instanceof FileTooLargeError) {
    metrics().uploadRejections.inc({ reason: 'too_large' })
    return json({ error: 'File too large', message: 'Files must be 4 MiB or smaller.', maxBytes: err.maxBytes }, 413)
  }
  if (err instanceof InvalidFileTypeError) {
    metrics().uploadRejections.inc({ reason: 'invalid_type' })
    const message = err.detail ?? ALLOWED_MEDIA_TEXT
    return json({ error: 'Invalid file type', message }, 415)
  }
  if (err instanceof RateLimitedError) {
    const retryAfter = Math.max(1, Math.ceil(err.retryAfterSeconds))
    return json({ error: 'Rate limited', retryAfter }, 429, { 'Retry-After': String(retryAfter) })
  }
  if (err instanceof StorageFullError) return json({ error: err.message }, 507)
  if (err instanceof StorageUnavailableError) {
    return json({ error: err.message }, 503, { 'Retry-After': String(err.retryAfterSeconds) })
  }
  if (err instanceof DatabaseUnavailableError) {
    return json({ error: 'Service unavailable' }, 503, { 'Retry-After': String(err.retryAfterSeconds) })
  }
  if (err instanceof DatabaseFullError) return json({ error: 'Storage full' }, 507)
  log.error(`[${requestId}] unexpected error`, err, { requestId })
  return json({ error: 'Internal error', requestId }, 500)
}

/**
 * A database outage (unreachable, too slow, disk full) becomes its domain error, counted in the outage log
 * (lib/db/fault-state.ts writes one line per kind and interval instead of one per request).
 */
function asDatabaseError(err: unknown): unknown {
  const fault =
    err instanceof Error && !(err instanceof DomainError) && !(err instanceof ZodError)
      ? databaseFaultOf(err)
      : undefined
  if (!fault) return err
  noteDbFault(fault, { request: true })
  return fault.kind === 'full' ? new DatabaseFullError(fault.reason) : new DatabaseUnavailableError(fault.reason)
}
