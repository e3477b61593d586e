import { BoardOptions } from '@/components/ui/board-options'
import { SELECT_SMALL } from '@/components/ui/styles'

/** A small labelled board select whose first, empty choice (`anyLabel`) stands for no particular board. */
export function BoardPicker({
  id,
  label,
  anyLabel,
  boards,
  value,
  onChange,
  className = 'flex flex-col text-sm',
}: {
  id: string
  label: string
  anyLabel: string
  boards: { id: string; name: string }[]
  value: string
  onChange: (boardId: string) => void
  className?: string
}) {
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={SELECT_SMALL}>
        <option value="">{anyLabel}</option>
        <BoardOptions boards={boards} />
      </select>
    </div>
  )
}
