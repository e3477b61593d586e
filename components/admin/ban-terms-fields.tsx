import { BoardOptions } from '@/components/ui/board-options'
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
  return (
    <>
      <Field id={`${idPrefix}-board`} label="Board">
        <select
          id={`${idPrefix}-board`}
          value={terms.boardId}
          onChange={(e) => onChange({ ...terms, boardId: e.target.value })}
          className={INPUT}
        >
          {allowGlobal && <option value="">Global (All Boards)</option>}
          <BoardOptions boards={boards} />
        </select>
      </Field>
      <Field id={`${idPrefix}-reason`} label="Reason">
        <textarea
          id={`${idPrefix}-reason`}
          value={terms.reason}
          onChange={(e) => onChange({ ...terms, reason: e.target.value })}
          rows={3}
          maxLength={500}
          className={INPUT}
        />
      </Field>
      <Field id={`${idPrefix}-duration`} label="Duration">
        <select
          id={`${idPrefix}-duration`}
          value={terms.duration}
          onChange={(e) => onChange({ ...terms, duration: e.target.value })}
          className={INPUT}
        >
          {durations.map((d) => (
            <option key={d.value} value={d.value}>
              {d.label}
            </option>
          ))}
        </select>
      </Field>
    </>
  )
}
