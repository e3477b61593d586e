import { useId, type ReactNode } from 'react'
import { BoardOptions, Options } from '@/components/ui/board-options'
import { SELECT_SMALL } from '@/components/ui/styles'

/** A small labelled select whose first, empty choice (`anyLabel`) stands for no choice: no filter, every board. */
export function FilterSelect({
  label,
  anyLabel,
  value,
  onChange,
  className = 'flex flex-col text-sm',
  children,
}: {
  label: string
  anyLabel: string
  value: string
  onChange: (value: string) => void
  className?: string
  children: ReactNode
}) {
  const id = useId()
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={SELECT_SMALL}>
        <option value="">{anyLabel}</option>
        {children}
      </select>
    </div>
  )
}

/** A FilterSelect of boards. */
export function BoardPicker({
  boards,
  ...select
}: Omit<Parameters<typeof FilterSelect>[0], 'children'> & { boards: { id: string; name: string }[] }) {
  return (
    <FilterSelect {...select}>
      <BoardOptions boards={boards} />
    </FilterSelect>
  )
}

/** A FilterSelect of fixed choices. */
export function ChoicePicker({
  choices,
  ...select
}: Omit<Parameters<typeof FilterSelect>[0], 'children'> & { choices: readonly { value: string; label: string }[] }) {
  return (
    <FilterSelect {...select}>
      <Options choices={choices} />
    </FilterSelect>
  )
}
