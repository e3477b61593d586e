// The HMAC key that signs captcha challenges: generated once and kept in the database's secrets table, so every
// process of a deployment signs and checks with the same key (a challenge fetched from one process may be
// answered to another). The key that signs a challenge's expected answer is derived from it.
import { CAPTCHA_SECRET_NAME, captchaKeysFrom, type CaptchaKeys } from './keys'
import { getOrCreateSecret } from '../db/secrets'
import { processSingleton } from '../process-singleton'

/** The deployment's captcha keys, read once per process (a failed read is retried on the next call). */
export function captchaKeys(): Promise<CaptchaKeys> {
  const holder = processSingleton<{ keys: Promise<CaptchaKeys> | null }>('captcha.keys', () => ({ keys: null }))
  if (!holder.keys) {
    const loading = getOrCreateSecret(CAPTCHA_SECRET_NAME, 'hex').then(captchaKeysFrom)
    holder.keys = loading
    loading.catch(() => {
      if (holder.keys === loading) holder.keys = null
    })
  }
  return holder.keys
}
