'use client'
import { useRouter } from 'next/navigation'
import type { FormEvent } from 'react'
import { SaveResultText } from '@/components/ui/form-message'
import { INPUT_COMPACT } from '@/components/ui/styles'
import { staffApi } from '@/lib/client/api'
import { LabelledField } from './labelled-field'
import { SettingsSection } from './settings-section'
import { useAdminSave } from './use-admin-save'
import { useDraft } from './use-draft'

const EMPTY = {
  id: '',
  name: '',
  description: '',
  nsfw: false,
  thread_ids_enabled: false,
  country_flags_enabled: false,
}
const FLAGS = [
  ['nsfw', 'NSFW'],
  ['thread_ids_enabled', 'Thread IDs'],
  ['country_flags_enabled', 'Country flags'],
] as const

/** The 'Create Board' form of /admin/settings; the new board appears in the table and on the home page. */
export function CreateBoardForm() {
  const router = useRouter()
  const { draft, setDraft, text } = useDraft(EMPTY)
  const { busy, result, fieldError, submit } = useAdminSave('Failed to create the board. Please try again.')

  const create = (e: FormEvent) =>
    submit(e, async () => {
      const created = await staffApi.createBoard(draft)
      setDraft(EMPTY)
      router.refresh()
      return `${created.message}: /${created.board.id}/`
    })

  return (
    <SettingsSection title="Create Board">
      <form onSubmit={create} noValidate className="grid gap-3 p-4 sm:grid-cols-[8rem_14rem_1fr]">
        <LabelledField label="Board ID" error={fieldError('id')}>
          <input {...text('id')} placeholder="e.g. music" className={`${INPUT_COMPACT} font-mono`} />
        </LabelledField>
        <LabelledField label="Name" error={fieldError('name')}>
          <input {...text('name')} className={INPUT_COMPACT} />
        </LabelledField>
        <LabelledField label="Description" error={fieldError('description')}>
          <input {...text('description')} className={INPUT_COMPACT} />
        </LabelledField>
        <div className="flex flex-wrap items-center gap-4 text-sm sm:col-span-3">
          {FLAGS.map(([field, label]) => (
            <label key={field} className="flex items-center gap-1.5">
              <input
                type="checkbox"
                checked={draft[field]}
                onChange={(e) => setDraft({ ...draft, [field]: e.target.checked })}
                className="h-4 w-4"
              />
              {label}
            </label>
          ))}
          <button
            type="submit"
            disabled={busy}
            className="ml-auto rounded bg-blue-600 px-3 py-1.5 text-white disabled:opacity-50"
          >
            {busy ? 'Creating...' : 'Create Board'}
          </button>
        </div>
        <p className="text-xs text-slate-500 sm:col-span-3">
          The ID is 1–10 lowercase letters or digits and cannot be changed later; it is the board&apos;s address,
          /board/&lt;id&gt;.
        </p>
        <SaveResultText result={result} className="sm:col-span-3" />
      </form>
    </SettingsSection>
  )
}
