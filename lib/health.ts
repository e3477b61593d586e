// Health of the two dependencies (contract 2.1): the database and media storage. Storage is "low" (a warning,
// the status stays 200) when the local media disk has less free space than STORAGE_LOW_MB, "error" when it
// cannot be reached or written.
import { pingDb } from './db/client'
import { getStorage } from './media/storage'
import { getConfig } from './config'

export const VERSION = process.env.npm_package_version ?? '0.1.0'

export type StorageHealth = 'ok' | 'low' | 'error'

export async function checkHealth(): Promise<{ database: 'ok' | 'error'; storage: StorageHealth }> {
  const [database, storage] = await Promise.all([pingDb(), storageHealth()])
  return { database: database ? 'ok' : 'error', storage }
}

async function storageHealth(): Promise<StorageHealth> {
  try {
    const storage = await getStorage()
    if (!(await storage.healthy())) return 'error'
    const threshold = getConfig().storageLowBytes
    if (threshold > 0 && storage.freeBytes && (await storage.freeBytes()) < threshold) return 'low'
    return 'ok'
  } catch {
    return 'error'
  }
}
