// The HMAC key that signs captcha challenges: generated once and kept in the database's secrets table, so every
// process of a deployment signs and checks with the same key (a challenge fetched from one process may be
// answered to another). The key that signs a challenge's expected answer is derived from it.
import { randomBytes } from 'node:crypto'
import { CAPTCHA_SECRET_NAME, captchaKeysFrom, type CaptchaKeys } from './keys'
import { getDb } from '../db/client'
import { processSingleton } from '../process-singleton'

async function loadOrCreate(): Promise<CaptchaKeys> {
  const db = await getDb()
  const existing = await db.secret.findUnique({ where: { name: CAPTCHA_SECRET_NAME } })
  if (existing) return captchaKeysFrom(existing.value)
  try {
    await db.secret.create({ data: { name: CAPTCHA_SECRET_NAME, value: randomBytes(32).toString('hex') } })
  } catch {
    // Another process created the key first: use theirs.
  }
  const row = await db.secret.findUniqueOrThrow({ where: { name: CAPTCHA_SECRET_NAME } })
  return captchaKeysFrom(row.value)
}

/** The deployment's captcha keys, read once per process (a failed read is retried on the next call). */
export function captchaKeys(): Promise<CaptchaKeys> {
  const holder = processSingleton<{ keys: Promise<CaptchaKeys> | null }>('captcha.keys', () => ({ keys: null }))
  if (!holder.keys) {
    const loading = loadOrCreate()
    holder.keys = loading
    loading.catch(() => {
      if (holder.keys === loading) holder.keys = null
    })
  }
  return holder.keys
}
