'use client'
import { useState } from 'react'
import { StaffTable } from '@/components/ui/table-head'
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
      <div className="overflow-x-auto">
        <StaffTable columns={['File', 'Reason', 'Banned from', 'Poster', 'Added', '']}>
          {files.map((f) => (
            <tr key={f.id} className="border-b align-top" data-testid={`banned-file-${f.id}`}>
              <td className="p-2">
                <span className="font-mono text-xs break-all" title={f.storedSha256}>
                  {shortHash(f.storedSha256)}
                </span>
                <span className="block text-xs text-slate-500">
                  {f.fileType}
                  {f.phash ? ', similar images too' : ', exact bytes only'}
                </span>
              </td>
              <td className="p-2 break-words">{f.reason}</td>
              <td className="p-2 whitespace-nowrap">
                /{f.boardId}/ No.{f.postId}
              </td>
              <td className="p-2">{f.banPoster ? `Banned (${f.banDuration ?? '30d'})` : 'Refused only'}</td>
              <td className="p-2 text-xs">
                <Timestamp iso={f.createdAt} />
                {f.createdBy && <span className="block text-slate-500">by {f.createdBy}</span>}
              </td>
              <td className="p-2">
                {mayLift(f) && (
                  <button type="button" className="text-red-700 underline" onClick={() => lift(f)}>
                    Delete
                  </button>
                )}
              </td>
            </tr>
          ))}
          {!files.length && (
            <tr>
              <td colSpan={6} className="p-2 text-slate-500">
                No banned files.
              </td>
            </tr>
          )}
        </StaffTable>
      </div>
    </div>
  )
}
