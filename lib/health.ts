// Health of the two dependencies (contract 2.1): the database and media storage.
import { pingDb } from './db/client'
import { getStorage } from './media/storage'

export const VERSION = process.env.npm_package_version ?? '0.1.0'

export async function checkHealth(): Promise<{ database: 'ok' | 'error'; storage: 'ok' | 'error' }> {
  const [database, storage] = await Promise.all([
    pingDb(),
    getStorage().then((s) => s.healthy(), () => false),
  ])
  return { database: database ? 'ok' : 'error', storage: storage ? 'ok' : 'error' }
}
