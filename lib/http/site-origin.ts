// The site's public origin for absolute URLs (sitemap, robots): PUBLIC_ORIGIN when configured, otherwise the
// request's Host header with the scheme the request arrived with (HTTPS only through a trusted proxy).
import { headers } from 'next/headers'
import { siteOriginOf } from './origins'
import { arrivedOverHttps } from '../net/scheme'

/** The origin for the page being rendered (a Next server component's request). */
export async function siteOrigin(): Promise<string> {
  const h = await headers()
  return siteOriginOf(h.get('host') ?? 'localhost', arrivedOverHttps(h))
}
