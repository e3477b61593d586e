import type { MetadataRoute } from 'next'
import { listBoards } from '@/lib/boards/queries'
import { siteOrigin } from '@/lib/http/site-origin'
import { listLiveThreadRefs } from '@/lib/threads/sitemap'

export const dynamic = 'force-dynamic'

/** Home, rules, stats, every board and every live thread. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const [boards, threads, origin] = await Promise.all([listBoards(), listLiveThreadRefs(), siteOrigin()])
  return [
    { url: `${origin}/`, changeFrequency: 'hourly' },
    { url: `${origin}/rules`, changeFrequency: 'monthly' },
    { url: `${origin}/stats`, changeFrequency: 'hourly' },
    ...boards.map((b) => ({ url: `${origin}/board/${b.id}`, changeFrequency: 'always' as const })),
    ...threads.map((t) => ({ url: `${origin}/board/${t.boardId}/thread/${t.id}`, lastModified: t.updatedAt })),
  ]
}
