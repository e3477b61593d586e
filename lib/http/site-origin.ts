// The site's public origin for absolute URLs (sitemap, robots): PUBLIC_ORIGIN when configured, otherwise the
// request's Host header with the scheme the request arrived with (HTTPS only through a trusted proxy).
import { headers } from 'next/headers'
import { getConfig } from '../config'
import { arrivedOverHttps } from './scheme'

export async function siteOrigin(): Promise<string> {
  const h = await headers()
  return getConfig().publicOrigin ?? `${arrivedOverHttps(h) ? 'https' : 'http'}://${h.get('host') ?? 'localhost'}`
}
