// Health of the two dependencies: the database and media storage. Each check has 1.5 s to answer,
// so /api/health answers within 2 s however stuck a dependency is (a check that runs out of time is an error).
// The database reads "full" while its last write failed on a full disk and none has succeeded since: the failed
// write itself is the signal, as free space alone cannot tell whether SQLite still has room in its own files.
// Storage is "low" (a warning, the status stays 200) when the local media disk has less free space than
// STORAGE_LOW_MB, "error" when it cannot be reached or written.
import { getConfig } from './config'
import { pingDb } from './db/client'
import { databaseFullReason } from './db/fault-state'
import { getStorage } from './media/storage'

export const VERSION = process.env.npm_package_version ?? '0.1.0'
const CHECK_LIMIT_MS = 1_500

export type StorageHealth = 'ok' | 'low' | 'error'

/** The check's answer, or `fallback` when it fails or takes longer than `ms`. */
function within<T>(check: Promise<T>, fallback: T, ms = CHECK_LIMIT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms)
  })
  return Promise.race([check.catch(() => fallback), late]).finally(() => clearTimeout(timer))
}

export async function checkHealth(): Promise<{ database: 'ok' | 'error' | 'full'; storage: StorageHealth }> {
  const [database, storage] = await Promise.all([
    within(pingDb(), false),
    within(storageHealth(), 'error' as StorageHealth),
  ])
  return { database: !database ? 'error' : databaseFullReason() ? 'full' : 'ok', storage }
}

async function storageHealth(): Promise<StorageHealth> {
  const storage = await getStorage()
  if (!(await storage.healthy())) return 'error'
  const threshold = getConfig().storageLowBytes
  if (threshold > 0 && storage.freeBytes && (await storage.freeBytes()) < threshold) return 'low'
  return 'ok'
}
