'use client'
import { useState } from 'react'
import { BUTTON_PRIMARY } from '@/components/ui/styles'
import { errorBodyOf, staffApi } from '@/lib/client/api'
import { loadError, useHousekeepingStatus } from '@/lib/client/hooks/use-staff-resources'
import type { HousekeepingResults } from '@/lib/housekeeping/run'
import type { HousekeepingStatus } from '@/lib/housekeeping/status'
import { formatDuration } from '@/lib/ui/duration'
import { formatTimestamp } from '@/lib/ui/relative-time'

const CONFIRM = 'Are you sure you want to run housekeeping now? This will clean up orphaned files and excess threads.'

/** /admin/housekeeping: status (useHousekeepingStatus), the run button and the results of the latest run. */
export function HousekeepingPanel({
  status: initial,
  lastResults,
}: {
  status: HousekeepingStatus
  lastResults: HousekeepingResults | null
}) {
  const { data: status = initial, error: statusFailure, mutate: refreshStatus } = useHousekeepingStatus(initial)
  const [results, setResults] = useState(lastResults)
  const [busy, setBusy] = useState(false)
  const [runError, setRunError] = useState<string | null>(null)
  const error = runError ?? loadError(statusFailure, 'Failed to load housekeeping status')
  const job = status.jobs.housekeeping

  async function runNow() {
    if (!window.confirm(CONFIRM)) return
    setBusy(true)
    setRunError(null)
    try {
      setResults((await staffApi.runHousekeeping()).results)
    } catch (err) {
      setRunError(errorBodyOf(err)?.error ?? 'Failed to run housekeeping. Please try again.')
    } finally {
      setBusy(false)
      await refreshStatus()
    }
  }

  return (
    <div className="space-y-4">
      <section className="rounded-lg border border-slate-300 bg-white p-4" aria-label="Status">
        <h2 className="mb-2 font-semibold">Status</h2>
        <p>
          Scheduled job:{' '}
          <span
            data-testid="schedule-state"
            className={`rounded px-1.5 py-0.5 text-xs font-semibold ${job.running ? 'bg-green-100 text-green-800' : 'bg-slate-200 text-slate-700'}`}
          >
            {job.running ? 'Running' : 'Stopped'}
          </span>
          {job.inProgress && <span className="ml-2 text-sm text-amber-700">A run is in progress</span>}
        </p>
        <p className="text-sm">Last run: {job.lastRun ? formatTimestamp(job.lastRun) : 'Never'}</p>
        {job.nextRun && <p className="text-sm">Next run: {formatTimestamp(job.nextRun)}</p>}
        <p className="mt-1 text-sm text-slate-600">Housekeeping runs automatically every hour and on server startup.</p>
        <button type="button" onClick={runNow} disabled={busy} className={`mt-3 ${BUTTON_PRIMARY} disabled:opacity-50`}>
          {busy ? 'Running...' : 'Run Housekeeping Now'}
        </button>
        {error && (
          <p role="alert" className="mt-2 text-sm text-red-600">
            {error}
          </p>
        )}
      </section>

      {results && <ResultsCard results={results} />}

      <section className="rounded-lg border border-slate-300 bg-white p-4 text-sm text-slate-700">
        <h2 className="mb-2 font-semibold text-slate-900">What housekeeping does</h2>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            Keeps at most 100 live threads per board (sticky threads excepted); the least recently bumped ones are
            archived.
          </li>
          <li>Deletes archived threads 48 hours after they died, with their posts, polls and media.</li>
          <li>
            Deletes media files that no post, ban or moderation snapshot references; files younger than one hour are
            skipped, as they may belong to an upload in progress. Temporary files of uploads interrupted by a crash are
            removed once they are an hour old.
          </li>
          <li>
            Removes moderation snapshots older than 24 hours, and statistics rows and salts that are no longer needed.
          </li>
        </ul>
      </section>
    </div>
  )
}

function ResultsCard({ results }: { results: HousekeepingResults }) {
  const { threadCleanup: t, fileCleanup: f, snapshotCleanup: s, statsCleanup: st } = results.tasks
  return (
    <section className="rounded-lg border border-slate-300 bg-white p-4" aria-label="Results">
      <h2 className="mb-1 font-semibold">Results</h2>
      <p className="mb-3 text-sm text-slate-600">
        Completed: {formatTimestamp(results.timestamp)} ({formatDuration(results.totalDuration)})
      </p>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Task
          title="Thread cleanup"
          result={t}
          rows={(r) => [
            ['Boards checked', r.boardsChecked],
            ['Threads archived', r.threadsMarkedDead],
            ['Threads deleted', r.threadsDeleted],
            ['Files deleted', r.filesDeleted],
            ['Duration', formatDuration(r.duration)],
          ]}
        />
        <Task
          title="File cleanup"
          result={f}
          rows={(r) => [
            ['Total files in storage', r.totalFiles],
            ['Database references', r.databaseImages],
            ['Orphaned files found', r.orphanedFiles],
            ['Files deleted', r.deletedFiles],
            ['Stale temp files deleted', r.tempFilesDeleted ?? 0],
            ['Errors', r.errors],
            ['Duration', formatDuration(r.duration)],
          ]}
        />
        <Task title="Snapshot cleanup" result={s} rows={(r) => [['Snapshots deleted', r.snapshotsDeleted]]} />
        {st && (
          <Task
            title="Statistics cleanup"
            result={st}
            rows={(r) => [
              ['Hours rolled up', r.hoursRolledUp],
              ['Days rolled up', r.daysRolledUp],
              ['Raw rows deleted', r.rowsDeleted],
              ['Salts discarded', r.saltsDiscarded],
            ]}
          />
        )}
      </div>
    </section>
  )
}

function Task<T extends object>({
  title,
  result,
  rows,
}: {
  title: string
  result: T | { error: string }
  rows: (r: T) => [string, string | number][]
}) {
  return (
    <div data-testid={`task-${title}`}>
      <h3 className="mb-1 text-sm font-semibold">{title}</h3>
      {'error' in result ? (
        <p className="text-sm text-red-600">Error: {result.error}</p>
      ) : (
        <dl className="grid grid-cols-[1fr_auto] gap-x-3 text-sm">
          {rows(result as T).map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-600">{label}</dt>
              <dd className="text-right font-mono">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  )
}
