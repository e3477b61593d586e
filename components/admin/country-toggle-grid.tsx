'use client'
import { useMemo, useState } from 'react'
import { errorBodyOf, staffApi } from '@/lib/client/api'
import { messageFor } from '@/lib/error-messages'
import type { PublicRangeBan } from '@/lib/rangebans/types'
import { BoardPicker } from './board-picker'
import type { BoardOption } from './rangebans-panel'

export type Country = { code: string; name: string }

/**
 * Quick Country Toggle: one button per country for the chosen scope (Global or a board).
 * A click removes the in-force country ban of that scope, or creates one with no expiry.
 */
export function CountryToggleGrid({
  countries,
  boards,
  rangebans,
  onChanged,
}: {
  countries: Country[]
  boards: BoardOption[]
  rangebans: PublicRangeBan[]
  onChanged: () => Promise<void>
}) {
  const [scope, setScope] = useState('')
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set())
  const [error, setError] = useState<string | null>(null)
  const boardId = scope || null
  // Only bans of exactly this scope count: a global ban is not switched off from a board's grid.
  const banned = useMemo(
    () =>
      new Map(
        rangebans.filter((r) => r.ban_type === 'country' && r.board_id === boardId).map((r) => [r.ban_value, r.id]),
      ),
    [rangebans, boardId],
  )

  async function toggle(country: Country) {
    const key = `${scope}:${country.code}`
    const existing = banned.get(country.code)
    const fallback = existing === undefined ? 'Failed to create rangeban' : 'Failed to remove rangeban'
    setError(null)
    setBusy((b) => new Set(b).add(key))
    try {
      if (existing === undefined) {
        await staffApi.createRangeBan({
          ban_type: 'country',
          ban_value: country.code,
          board_id: boardId,
          reason: `Country ban: ${country.name}`,
          expires_at: null,
        })
      } else {
        await staffApi.removeRangeBan(existing)
      }
    } catch (err) {
      setError(messageFor(errorBodyOf(err), fallback))
    } finally {
      // Busy until the list is reloaded, so the colour changes when the spinner goes.
      await onChanged()
      setBusy((b) => {
        const next = new Set(b)
        next.delete(key)
        return next
      })
    }
  }

  return (
    <section
      id="country-toggle"
      aria-label="Quick Country Toggle"
      className="rounded-lg border border-slate-200 bg-board-card p-4 shadow-sm"
    >
      <div className="mb-3 flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 className="text-lg font-semibold">Quick Country Toggle</h2>
          <p className="text-xs text-slate-600">
            Click a country to ban or unban it (no expiry). Banned countries are red.
          </p>
        </div>
        <BoardPicker label="Scope" anyLabel="Global" boards={boards} value={scope} onChange={setScope} />
      </div>
      {error && (
        <p role="alert" className="mb-2 text-sm text-red-600">
          {error}
        </p>
      )}
      <ul
        className="grid max-h-96 grid-cols-2 gap-1 overflow-y-auto pr-1 sm:grid-cols-3 lg:grid-cols-5"
        data-testid="country-grid"
      >
        {countries.map((c) => {
          const isBanned = banned.has(c.code)
          const isBusy = busy.has(`${scope}:${c.code}`)
          return (
            <li key={c.code}>
              <button
                type="button"
                onClick={() => toggle(c)}
                disabled={isBusy}
                aria-busy={isBusy}
                aria-pressed={isBanned}
                title={
                  c.code === 'CF'
                    ? 'CF: visitors behind known proxies and CDNs (the code is shared with the Central African Republic)'
                    : `${c.code} - ${c.name}`
                }
                className={`flex w-full items-center gap-2 rounded border px-2 py-1 text-left text-xs disabled:cursor-wait disabled:opacity-60 ${isBanned ? 'border-red-700 bg-red-600 text-white hover:bg-red-700' : 'border-slate-200 bg-white hover:bg-slate-50'}`}
              >
                {isBusy ? (
                  <span
                    aria-hidden
                    className="h-3 w-4 shrink-0 animate-spin rounded-full border-2 border-current border-t-transparent"
                  />
                ) : (
                  <GridFlag code={c.code} />
                )}
                <span className="truncate">{c.name}</span>
              </button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/** Decorative (the button names the country); CF stands for proxies here, so it gets its code, not a flag. */
function GridFlag({ code }: { code: string }) {
  if (code === 'CF')
    return (
      <span
        aria-hidden
        className="inline-flex h-3 w-4 shrink-0 items-center justify-center rounded-sm border border-current text-[8px] font-bold"
      >
        CF
      </span>
    )

  return (
    <img
      src={`/flags/4x3/${code.toLowerCase()}.svg`}
      alt=""
      width={16}
      height={12}
      loading="lazy"
      className="h-3 w-4 shrink-0 rounded-sm"
    />
  )
}
