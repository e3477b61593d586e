// When cookies are marked Secure: whenever the site is reached over HTTPS (this request arrived over HTTPS, as
// server.ts determined it, or the configured public origin is HTTPS), and always for cross-origin clients
// (SameSite=None requires Secure).
import { getConfig } from '../config'
import { crossOriginCookies } from './origins'

export function secureCookies(requestOverHttps: boolean): boolean {
  const config = getConfig()
  return (
    requestOverHttps ||
    crossOriginCookies() ||
    (config.env === 'production' && Boolean(config.publicOrigin?.startsWith('https:')))
  )
}
