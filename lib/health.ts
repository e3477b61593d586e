// Health of the two dependencies (contract 2.1): the database and media storage. Each check has 1.5 s to answer,
// so /api/health answers within 2 s however stuck a dependency is (a check that runs out of time is an error).
// The database reads "full" while its last write failed on a full disk and none has succeeded since: the failed
// write itself is the signal, as free space alone cannot tell whether SQLite still has room in its own files.
import { pingDb } from './db/client'
import { databaseFullReason } from './db/fault-state'
import { getStorage } from './media/storage'

export const VERSION = process.env.npm_package_version ?? '0.1.0'
const CHECK_LIMIT_MS = 1_500

function within(check: Promise<boolean>, ms = CHECK_LIMIT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(false), ms) })
  return Promise.race([check.catch(() => false), late]).finally(() => clearTimeout(timer))
}

export async function checkHealth(): Promise<{ database: 'ok' | 'error' | 'full'; storage: 'ok' | 'error' }> {
  const [database, storage] = await Promise.all([
    within(pingDb()),
    within(getStorage().then((s) => s.healthy())),
  ])
  return { database: !database ? 'error' : databaseFullReason() ? 'full' : 'ok', storage: storage ? 'ok' : 'error' }
}
