'use client'
import { useCallback, useState } from 'react'
import { ErrorText } from '@/components/ui/form-message'
import { errorBodyOf } from '@/lib/client/api'
import { useRangeBans, type RangeBanData } from '@/lib/client/hooks/use-staff-resources'
import { messageFor } from '@/lib/error-messages'
import { BoardPicker } from './board-picker'
import { CountryToggleGrid, type Country } from './country-toggle-grid'
import { CreateRangeBanModal } from './create-rangeban-modal'
import { RangeBanStatsCard } from './rangeban-stats-card'
import { RangeBansTable } from './rangebans-table'

export type BoardOption = { id: string; name: string }
export type { RangeBanData }

/**
 * /admin/rangebans: the header buttons, the country toggle, statistics, the board filter, the table
 * and the create modal. The page renders the first state (useRangeBans); every change reloads the list and the
 * statistics, so the table, the grid colours and the counts always agree.
 */
export function RangeBansPanel({
  initial,
  countries,
  boards,
  boardFilter,
}: {
  initial: RangeBanData | null
  countries: Country[]
  boards: BoardOption[]
  boardFilter: string
}) {
  const { data, error, mutate } = useRangeBans(initial)
  const rangebans = data?.rangebans ?? []
  const stats = data?.stats ?? null
  // Until a load answers, a page the server could not load says so as well.
  const loadError = error || !data ? messageFor(errorBodyOf(error), 'Failed to load rangebans') : null
  const [showCountries, setShowCountries] = useState(false)
  const [creating, setCreating] = useState(false)
  const [filter, setFilter] = useState(boardFilter)

  const closeCreate = useCallback(() => setCreating(false), [])
  const reload = useCallback(async () => {
    await mutate()
  }, [mutate])

  // The filter is kept in the address like /admin/bans, without a server round trip: the page holds every range
  // ban in force anyway (the grid needs them all), and filters as the API does (the board's plus global ones).
  function changeFilter(boardId: string) {
    setFilter(boardId)
    window.history.replaceState(
      null,
      '',
      boardId ? `?boardId=${encodeURIComponent(boardId)}` : window.location.pathname,
    )
  }
  const shown = filter ? rangebans.filter((r) => r.board_id === filter || r.board_id === null) : rangebans

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Rangebans</h1>
        <div className="flex gap-2">
          <button
            type="button"
            onClick={() => setShowCountries((v) => !v)}
            aria-expanded={showCountries}
            aria-controls="country-toggle"
            className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
          >
            Toggle Countries
          </button>
          <button
            type="button"
            onClick={() => setCreating(true)}
            className="rounded bg-red-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-700"
          >
            Create Rangeban
          </button>
        </div>
      </div>
      <ErrorText>{loadError}</ErrorText>
      {showCountries && (
        <CountryToggleGrid countries={countries} boards={boards} rangebans={rangebans} onChanged={reload} />
      )}
      {stats && <RangeBanStatsCard stats={stats} />}
      <BoardPicker
        label="Board"
        anyLabel="All Boards"
        boards={boards}
        value={filter}
        onChange={changeFilter}
        className="flex w-fit flex-col text-sm"
      />
      <RangeBansTable rangebans={shown} onChanged={reload} />
      {creating && (
        <CreateRangeBanModal countries={countries} boards={boards} onClose={closeCreate} onCreated={reload} />
      )}
    </div>
  )
}
