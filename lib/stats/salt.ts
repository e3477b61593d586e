// The daily salts of visitor hashes: one random secret per UTC day, shared by every process through
// the database, never sent anywhere, and discarded once its day is over (after a one-hour grace period), so a
// stored hash can no longer be linked to an address.
import { createHmac } from 'node:crypto'
import { dayOfDate, dayStart, MINUTES_PER_HOUR } from './time'
import { getDb } from '../db/client'
import { getOrCreateSecret } from '../db/secrets'
import { processSingleton } from '../process-singleton'

const PREFIX = 'stats_salt:'
const GRACE_MS = MINUTES_PER_HOUR * 60_000

const nameOf = (day: number) => `${PREFIX}${dayStart(day).toISOString().slice(0, 10)}`

const cache = () => processSingleton('stats.salts', () => new Map<number, Promise<Buffer>>())

async function loadOrCreate(day: number): Promise<Buffer> {
  return Buffer.from(await getOrCreateSecret(nameOf(day), 'base64'), 'base64')
}

function saltFor(day: number): Promise<Buffer> {
  const salts = cache()
  let salt = salts.get(day)
  if (!salt) {
    salt = loadOrCreate(day)
    salts.set(day, salt)
    salt.catch(() => salts.delete(day))
    // Past days are never needed again in memory.
    for (const d of salts.keys()) if (d < day - 1) salts.delete(d)
  }
  return salt
}

/** HMAC-SHA-256(daily salt, client IP) for the UTC day of `at`. */
export async function visitorHash(ip: string, at: Date): Promise<string> {
  return createHmac('sha256', await saltFor(dayOfDate(at)))
    .update(ip)
    .digest('hex')
}

/** Deletes the salts of days that ended more than an hour before `now`; returns how many went. */
export async function discardPastSalts(now: Date): Promise<number> {
  const db = await getDb()
  const keepFrom = dayOfDate(new Date(now.getTime() - GRACE_MS))
  const rows = await db.secret.findMany({ where: { name: { startsWith: PREFIX } }, select: { name: true } })
  const stale = rows.map((r) => r.name).filter((name) => name < nameOf(keepFrom))
  if (!stale.length) return 0
  const { count } = await db.secret.deleteMany({ where: { name: { in: stale } } })
  for (const d of cache().keys()) if (d < keepFrom) cache().delete(d)
  return count
}
