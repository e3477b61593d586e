// Loads the ALTCHA widget in the browser on first use: the build without bundled workers or styles, with our own
// same-origin worker registered for the one algorithm the server issues.
let loading: Promise<void> | null = null

export const CAPTCHA_ALGORITHM = 'PBKDF2/SHA-256'

export function loadCaptchaWidget(): Promise<void> {
  loading ??= import('altcha/external').then(() => {
    globalThis.$altcha.algorithms.set(
      CAPTCHA_ALGORITHM,
      () => new Worker(new URL('./captcha-worker.ts', import.meta.url), { type: 'module' }),
    )
  })
  loading.catch(() => (loading = null))
  return loading
}
