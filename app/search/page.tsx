import type { Metadata } from 'next'
import { SearchPageLinks } from '@/components/search/search-page-links'
import { SearchResultItem } from '@/components/search/search-result-item'
import { Card } from '@/components/ui/card'
import { BackLink } from '@/components/ui/page-back-link'
import { BUTTON_PRIMARY, SELECT_SMALL } from '@/components/ui/styles'
import { listBoards } from '@/lib/boards/queries'
import { NotFoundError, RateLimitedError, ValidationError } from '@/lib/errors'
import { requestIp } from '@/lib/http/request-ip'
import { SEARCH_TEXT_MAX } from '@/lib/limits'
import { ZSearchQuery } from '@/lib/search/schemas'
import { searchPosts } from '@/lib/search/search'
import type { SearchPage } from '@/lib/search/types'
import { validationErrorOf } from '@/lib/validation'

export const dynamic = 'force-dynamic'

// Results differ per query and change with every post: never indexed (nor page-cached: it takes a query string).
export const metadata: Metadata = { title: 'Search', robots: { index: false } }

type Params = Record<'q' | 'board' | 'page', string | string[] | undefined>

/** A repeated parameter counts once (its first value), as a form sends each field once. */
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)

type Outcome = { kind: 'none' } | { kind: 'ok'; found: SearchPage } | { kind: 'refused'; messages: string[] }

async function run(params: Params): Promise<Outcome> {
  const input = { q: first(params.q), board: first(params.board), page: first(params.page) }
  if (!input.q?.trim()) return { kind: 'none' }
  const parsed = ZSearchQuery.safeParse(Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)))
  if (!parsed.success)
    return { kind: 'refused', messages: validationErrorOf(parsed.error).details.map((d) => d.message) }
  try {
    return { kind: 'ok', found: await searchPosts(await requestIp(), parsed.data) }
  } catch (err) {
    if (err instanceof RateLimitedError)
      return {
        kind: 'refused',
        messages: [`Too many searches. Try again in ${Math.max(1, Math.ceil(err.retryAfterSeconds))} seconds.`],
      }
    if (err instanceof NotFoundError) return { kind: 'refused', messages: [err.message] }
    if (err instanceof ValidationError) return { kind: 'refused', messages: err.details.map((d) => d.message) }
    throw err
  }
}

export default async function SearchPageView({ searchParams }: { searchParams: Promise<Params> }) {
  const params = await searchParams
  const q = first(params.q) ?? ''
  const board = first(params.board) ?? ''
  const [outcome, boards] = await Promise.all([run(params), listBoards()])
  return (
    <div className="space-y-4">
      <BackLink href="/" label="Home" />
      <h1 className="text-2xl font-bold">Search</h1>
      <Card>
        <form action="/search" method="get" className="flex flex-wrap items-end gap-3">
          <label className="flex w-full min-w-0 flex-col gap-1 text-sm sm:w-auto sm:flex-1">
            Words to find
            <input
              type="search"
              name="q"
              defaultValue={q}
              required
              maxLength={SEARCH_TEXT_MAX}
              className="w-full rounded border border-slate-300 p-2 text-sm"
            />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Board
            <select name="board" defaultValue={board} className={`${SELECT_SMALL} py-2`}>
              <option value="">All boards</option>
              {boards.map((b) => (
                <option key={b.id} value={b.id}>
                  /{b.id}/ - {b.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={`${BUTTON_PRIMARY} py-2`}>
            Search
          </button>
        </form>
        <p className="mt-2 text-xs text-slate-500">
          Finds posts and thread topics containing every word, in live and archived threads. Case is ignored.
        </p>
      </Card>
      {outcome.kind === 'refused' && (
        <Card>
          <ul role="alert" className="list-inside list-disc text-sm text-red-700">
            {outcome.messages.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </Card>
      )}
      {outcome.kind === 'ok' && (
        <section aria-label="Search results" className="space-y-3">
          <p className="text-sm text-slate-600" data-testid="search-total">
            {outcome.found.total === 1 ? '1 post found' : `${outcome.found.total} posts found`}
          </p>
          {outcome.found.results.length > 0 ? (
            <ol className="space-y-2">
              {outcome.found.results.map((r) => (
                <SearchResultItem key={r.postId} result={r} />
              ))}
            </ol>
          ) : (
            <p className="text-sm text-slate-600">
              {outcome.found.total ? 'No results on this page.' : 'No posts match these words.'}
            </p>
          )}
          <SearchPageLinks q={q} board={board || undefined} page={outcome.found.page} total={outcome.found.total} />
        </section>
      )}
    </div>
  )
}
