import type { Metadata } from 'next'
import Link from 'next/link'
import { unavailableMetadata } from '@/components/bans/unavailable-page'
import { boardSubpage } from '@/components/board/board-subpage'
import type { PageParams } from '@/lib/http/params'
import { requestIp } from '@/lib/http/request-ip'
import { loadArchivePage } from '@/lib/pages/visitor'
import { DEAD_THREAD_RETENTION_HOURS } from '@/lib/time'
import { formatTimestamp, timeUntil } from '@/lib/ui/relative-time'

export const dynamic = 'force-dynamic'

type Props = PageParams<'boardId'>

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = await loadArchivePage(await requestIp(), (await params).boardId)
  if (page.kind !== 'ok') return unavailableMetadata(page)
  return {
    title: `Archive - /${page.board.id}/ - ${page.board.name}`,
    alternates: { canonical: `/board/${page.board.id}/archive` },
  }
}

/**
 * /board/{id}/archive: threads that died (pushed off the board or closed) and stay readable for
 * DEAD_THREAD_RETENTION_HOURS before housekeeping deletes them, the most recent first. The time left is written
 * when the page is rendered; cached copies live a minute at most (lib/page-cache/routes.ts).
 */
export default async function ArchivePage({ params }: Props) {
  return boardSubpage((await params).boardId, loadArchivePage, 'Archive', (page) => (
    <>
      <p className="text-sm text-slate-600">
        Threads that have left the board stay readable here for {DEAD_THREAD_RETENTION_HOURS} hours, then they are
        deleted.
      </p>
      {page.threads.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-600">
          No archived threads.
        </p>
      ) : (
        <ol className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
          {page.threads.map((t) => (
            <li key={t.id} className="space-y-1 p-3" data-thread-id={t.id}>
              <Link
                href={`/board/${t.board_id}/thread/${t.id}`}
                className="font-medium text-board-link hover:underline"
              >
                {t.topic}
              </Link>
              {t.excerpt && <p className="break-words text-sm text-slate-700">{t.excerpt}</p>}
              <p className="flex flex-wrap gap-x-3 text-xs text-slate-500">
                <span>
                  {t.post_count - 1} {t.post_count === 2 ? 'reply' : 'replies'}
                </span>
                {t.died_at && (
                  <span>
                    archived <time dateTime={t.died_at}>{formatTimestamp(t.died_at)}</time>
                  </span>
                )}
                {t.deletes_at && (
                  <span>
                    deleted{' '}
                    <time dateTime={t.deletes_at} title={formatTimestamp(t.deletes_at)}>
                      {timeUntil(t.deletes_at, page.now)}
                    </time>
                  </span>
                )}
              </p>
            </li>
          ))}
        </ol>
      )}
    </>
  ))
}
