// How the staff session and poster cookies are sent. They travel on cross-origin requests when an allow-list
// (CORS_ORIGINS) is configured: SameSite=None, which requires Secure. Otherwise they are Secure whenever the site is
// reached over HTTPS (this request arrived over HTTPS, as server.ts determined it, or the configured public
// origin is HTTPS).
import { getConfig } from './config'

/** Cookies must travel on cross-origin requests when an allow-list is configured. */
export function crossOriginCookies(): boolean {
  return getConfig().corsOrigins.length > 0
}

export function secureCookies(requestOverHttps: boolean): boolean {
  const config = getConfig()
  return (
    requestOverHttps ||
    crossOriginCookies() ||
    (config.env === 'production' && Boolean(config.publicOrigin?.startsWith('https:')))
  )
}
