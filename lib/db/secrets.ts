// Secrets every process of a deployment must share (the captcha key, the daily salts of visitor hashes), kept in
// the database's secrets table.
import { randomBytes } from 'node:crypto'
import { getDb } from './client'

/**
 * The value of the secret `name`, made (32 random bytes written in `encoding`) when there is none yet. Safe when
 * several processes create it at once: the name is the primary key, so one insert wins, the others fail, and every
 * caller returns the one value stored.
 */
export async function getOrCreateSecret(name: string, encoding: 'hex' | 'base64'): Promise<string> {
  const db = await getDb()
  const existing = await db.secret.findUnique({ where: { name } })
  if (existing) return existing.value
  try {
    await db.secret.create({ data: { name, value: randomBytes(32).toString(encoding) } })
  } catch {
    // Another process created it first: use theirs (a failure of another kind throws from the read below).
  }
  return (await db.secret.findUniqueOrThrow({ where: { name } })).value
}
