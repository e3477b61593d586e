// What a failed media write means for the poster: a full disk or quota is 507 "Storage full"; anything else the
// backend reports (permissions, read-only or failing disk, object storage unreachable, slow or answering 5xx)
// is 503 "Storage unavailable". One line per failure names the cause for the operator.
import { StorageFullError, StorageUnavailableError } from '../errors'

const FULL = new Set(['ENOSPC', 'EDQUOT'])

export function toStorageError(err: unknown): StorageFullError | StorageUnavailableError {
  if (err instanceof StorageFullError || err instanceof StorageUnavailableError) return err
  const { code, name, message } = (err ?? {}) as { code?: string; name?: string; message?: string }
  console.error(`media: storage write failed: ${code ?? name ?? 'error'}: ${message ?? String(err)}`.slice(0, 300))
  return code && FULL.has(code) ? new StorageFullError() : new StorageUnavailableError()
}
