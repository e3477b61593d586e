'use client'
import { useState } from 'react'
import { Timestamp } from '@/components/ui/timestamp'
import type { BannedFileDto } from '@/lib/banned-files/manage'
import { errorBodyOf, staffApi } from '@/lib/client/api'
import { useBannedFiles } from '@/lib/client/hooks/use-staff-resources'

const shortHash = (hex: string) => `${hex.slice(0, 12)}…`

/** /admin/files: the banned files, newest first, with a button to delete each entry the caller may delete. */
export function BannedFilesPanel({
  initial,
  liftableBoards,
}: {
  initial: BannedFileDto[]
  /** The boards whose entries the caller may lift; null for every entry. */
  liftableBoards: string[] | null
}) {
  const { data: files = initial, mutate } = useBannedFiles(initial)
  const [error, setError] = useState('')
  const mayLift = (f: BannedFileDto) => liftableBoards === null || liftableBoards.includes(f.boardId)

  async function lift(f: BannedFileDto) {
    if (!window.confirm(`Delete banned file #${f.id}? It can be uploaded again.`)) return
    setError('')
    try {
      await staffApi.unbanFile(f.id)
      void mutate(
        files.filter((x) => x.id !== f.id),
        { revalidate: false },
      )
    } catch (err) {
      setError(errorBodyOf(err)?.error ?? 'Failed to delete the entry. Please try again.')
    }
  }

  return (
    <div className="grid gap-4">
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      {files.length ? (
        <ul className="grid gap-2 lg:grid-cols-2">
          {files.map((f) => (
            <li
              key={f.id}
              aria-label={`Banned file #${f.id}: ${f.reason}`}
              className="rounded border border-slate-300 bg-white p-3 text-sm"
            >
              <div className="flex items-start justify-between gap-2">
                <p className="font-medium break-words">{f.reason}</p>
                {mayLift(f) && (
                  <button type="button" className="shrink-0 text-red-700 underline" onClick={() => lift(f)}>
                    Delete
                  </button>
                )}
              </div>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-slate-600">
                <dt>File</dt>
                <dd className="min-w-0">
                  <span className="font-mono break-all" title={f.storedSha256}>
                    {shortHash(f.storedSha256)}
                  </span>{' '}
                  ({f.fileType}, {f.phash ? 'similar images too' : 'exact bytes only'})
                </dd>
                <dt>Banned from</dt>
                <dd>
                  /{f.boardId}/ No.{f.postId}
                </dd>
                <dt>Uploader</dt>
                <dd>{f.banPoster ? `Banned for ${f.banDuration}` : 'Refused only'}</dd>
                <dt>Added</dt>
                <dd>
                  <Timestamp iso={f.createdAt} />
                  {f.createdBy && ` by ${f.createdBy}`}
                </dd>
              </dl>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">No banned files.</p>
      )}
    </div>
  )
}
