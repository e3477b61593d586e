import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import type { Unavailable } from '@/lib/pages/visitor'
import { BanScreen } from './ban-screen'

/**
 * What a board or thread page renders in place of its content: the ban screen, or the 404 page. Called from the page
 * itself (not rendered as a child), so notFound() throws before anything renders and the answer stays a 404.
 */
export function unavailablePage(page: Unavailable, boardId: string) {
  if (page.kind === 'banned') return <BanScreen body={page.body} boardId={boardId} />
  notFound()
}

/** The metadata of such a page, kept out of search engines. */
export function unavailableMetadata(page: Unavailable): Metadata {
  return { title: page.kind === 'banned' ? 'Banned' : 'Page not found', robots: { index: false } }
}
