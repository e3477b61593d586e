import type { MetadataRoute } from 'next'
import { siteOrigin } from '@/lib/http/site-origin'

export const dynamic = 'force-dynamic'

export default async function robots(): Promise<MetadataRoute.Robots> {
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/admin', '/api/', '/board/*/create-thread', '/search'] },
    sitemap: `${await siteOrigin()}/sitemap.xml`,
  }
}
