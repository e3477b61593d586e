'use client'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useState, type FormEvent } from 'react'
import { SaveResultText } from '@/components/ui/form-message'
import { SubmitButton } from '@/components/ui/submit-button'
import type { ManagedBoard } from '@/lib/boards/manage'
import { THREADS_PER_PAGE } from '@/lib/boards/types'
import type { CaptchaMode } from '@/lib/captcha/modes'
import { staffApi } from '@/lib/client/api'
import { EditCell } from './edit-cell'
import { FieldError } from './field-error'
import { SettingsSection } from './settings-section'
import { useAdminSave } from './use-admin-save'
import { useDraft } from './use-draft'

type Draft = Pick<
  ManagedBoard,
  'name' | 'description' | 'nsfw' | 'thread_ids_enabled' | 'country_flags_enabled' | 'threads_per_page' | 'captcha'
>
const FLAGS = [
  ['nsfw', 'NSFW'],
  ['thread_ids_enabled', 'Thread IDs'],
  ['country_flags_enabled', 'Country flags'],
] as const

const draftOf = (b: Draft): Draft => ({
  name: b.name,
  description: b.description,
  nsfw: b.nsfw,
  thread_ids_enabled: b.thread_ids_enabled,
  country_flags_enabled: b.country_flags_enabled,
  threads_per_page: b.threads_per_page,
  captcha: b.captcha,
})

/** The captcha setting's choices, as the select shows them. */
const CAPTCHA_CHOICES: [CaptchaMode, string][] = [
  ['off', 'Off'],
  ['threads', 'New threads'],
  ['all', 'All posts'],
]

/** /admin/settings: every board as an editable row. */
export function BoardSettingsTable({ boards }: { boards: ManagedBoard[] }) {
  return (
    <SettingsSection title="Boards">
      <table className="w-full border-collapse text-sm">
        <thead>
          <tr className="border-b border-slate-300 text-left">
            {[
              'Board',
              'Name',
              'Description',
              ...FLAGS.map(([, label]) => label),
              'Threads per page',
              'Captcha',
              'Live threads',
              '',
            ].map((h) => (
              <th key={h} className="p-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {boards.map((b) => (
            <BoardRow key={b.id} board={b} />
          ))}
        </tbody>
      </table>
    </SettingsSection>
  )
}

function BoardRow({ board }: { board: ManagedBoard }) {
  const router = useRouter()
  const { draft, setDraft, text } = useDraft(() => draftOf(board))
  const [saved, setSaved] = useState(() => draftOf(board))
  const { busy, result, fieldError, submit } = useAdminSave('Failed to save the board. Please try again.')
  const formId = `board-${board.id}`
  const dirty = (Object.keys(draft) as (keyof Draft)[]).some((k) => draft[k] !== saved[k])

  const save = (e: FormEvent) =>
    submit(e, async () => {
      const updated = await staffApi.updateBoard(board.id, draft)
      setSaved(draftOf(updated.board))
      setDraft(draftOf(updated.board))
      router.refresh()
      return updated.message
    })

  const input = 'w-full rounded border border-slate-300 p-1'
  const textInput = (field: 'name' | 'description') => ({
    form: formId,
    className: input,
    error: fieldError(field),
    ...text(field),
  })
  return (
    <tr className="border-b border-slate-200 align-top" data-board={board.id}>
      <td className="p-2 font-mono">
        <Link href={`/board/${board.id}`} className="text-board-link hover:underline">
          /{board.id}/
        </Link>
      </td>
      <EditCell cellClassName="p-2 w-40" aria-label="Name" {...textInput('name')} />
      <EditCell cellClassName="p-2" aria-label="Description" {...textInput('description')} />
      {FLAGS.map(([field, label]) => (
        <EditCell
          key={field}
          cellClassName="p-2 text-center"
          form={formId}
          type="checkbox"
          aria-label={label}
          checked={draft[field]}
          onChange={(e) => setDraft({ ...draft, [field]: e.target.checked })}
          className="h-4 w-4"
          error={fieldError(field)}
        />
      ))}
      <EditCell
        cellClassName="p-2 w-24"
        form={formId}
        type="number"
        min={THREADS_PER_PAGE.min}
        max={THREADS_PER_PAGE.max}
        aria-label="Threads per page"
        value={draft.threads_per_page}
        onChange={(e) => setDraft({ ...draft, threads_per_page: e.target.valueAsNumber })}
        className={input}
        error={fieldError('threads_per_page')}
      />
      <td className="p-2 w-36">
        <select
          form={formId}
          aria-label="Captcha"
          value={draft.captcha}
          onChange={(e) => setDraft({ ...draft, captcha: e.target.value as CaptchaMode })}
          className={input}
        >
          {CAPTCHA_CHOICES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <FieldError text={fieldError('captcha')} />
      </td>
      <td className="p-2 text-right font-mono">{board.thread_count}</td>
      <td className="p-2 w-32">
        <form id={formId} onSubmit={save} noValidate>
          <SubmitButton
            busy={busy}
            disabled={!dirty}
            label="Save"
            busyLabel="Saving..."
            className="rounded bg-blue-600 px-3 py-1 text-white disabled:opacity-40"
          />
        </form>
        <SaveResultText result={result} compact />
      </td>
    </tr>
  )
}
