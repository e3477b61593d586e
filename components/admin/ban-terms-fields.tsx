import type { ChangeEvent } from 'react'
import { BoardOptions, Options } from '@/components/ui/board-options'
import { Field } from '@/components/ui/field'
import { INPUT } from '@/components/ui/styles'

export interface BanTerms {
  boardId: string
  reason: string
  duration: string
}

/**
 * The terms every ban form asks for: the board (the empty choice is a global ban, offered only when `allowGlobal`),
 * the reason (500 characters at most) and the duration. Field ids are `${idPrefix}-board` and so on.
 */
export function BanTermsFields({
  idPrefix,
  boards,
  allowGlobal,
  durations,
  terms,
  onChange,
}: {
  idPrefix: string
  boards: { id: string; name: string }[]
  allowGlobal: boolean
  durations: { value: string; label: string }[]
  terms: BanTerms
  onChange: (terms: BanTerms) => void
}) {
  /** The id, value and change handler of the control for one of the terms. */
  const control = (field: 'boardId' | 'reason' | 'duration', name: string) => ({
    id: `${idPrefix}-${name}`,
    value: terms[field],
    onChange: (e: ChangeEvent<HTMLSelectElement | HTMLTextAreaElement>) =>
      onChange({ ...terms, [field]: e.target.value }),
    className: INPUT,
  })
  return (
    <>
      <Field id={`${idPrefix}-board`} label="Board">
        <select {...control('boardId', 'board')}>
          {allowGlobal && <option value="">Global (All Boards)</option>}
          <BoardOptions boards={boards} />
        </select>
      </Field>
      <Field id={`${idPrefix}-reason`} label="Reason">
        <textarea {...control('reason', 'reason')} rows={3} maxLength={500} />
      </Field>
      <Field id={`${idPrefix}-duration`} label="Duration">
        <select {...control('duration', 'duration')}>
          <Options choices={durations} />
        </select>
      </Field>
    </>
  )
}
