// What a failed media write means for the poster: a full disk or quota is 507 "Storage full"; anything else the
// backend reports (permissions, read-only or failing disk, object storage unreachable, slow or answering 5xx)
// is 503 "Storage unavailable". The operator gets one line per kind of failure every 10 seconds, with the
// number of failures since the last line, not one line per upload.
import { StorageFullError, StorageUnavailableError } from '../errors'
import { logThrottled } from '../throttled-log'

const FULL = new Set(['ENOSPC', 'EDQUOT'])
const LOG_INTERVAL_MS = 10_000

export function toStorageError(err: unknown): StorageFullError | StorageUnavailableError {
  if (err instanceof StorageFullError || err instanceof StorageUnavailableError) return err
  const { code, name, message } = (err ?? {}) as { code?: string; name?: string; message?: string }
  const kind = code ?? name ?? 'Error'
  logThrottled(`media:${kind}`, `media: storage write failed: ${kind}: ${String(message ?? err).slice(0, 200)}`, {
    intervalMs: LOG_INTERVAL_MS,
  })
  return code && FULL.has(code) ? new StorageFullError() : new StorageUnavailableError()
}
