// The site's public origin for absolute URLs (sitemap, robots): PUBLIC_ORIGIN when configured, otherwise the
// request's Host header over plain http (a deployment behind TLS should set PUBLIC_ORIGIN).
import { headers } from 'next/headers'
import { getConfig } from '../config'

export async function siteOrigin(): Promise<string> {
  return getConfig().publicOrigin ?? `http://${(await headers()).get('host') ?? 'localhost'}`
}
