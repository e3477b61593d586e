// The filters of the staff list pages: a plain GET form, so the filters live in the address (shareable) and work
// without script.
import type { ReactNode } from 'react'
import { ACTION_LABELS } from '@/components/admin/actions-table'

/** A filter choice: the value sent and the text shown. */
export type FilterOption = readonly [value: string | number, text: ReactNode]

/** The form around a page's filters, ending with its Apply button. */
export function FilterForm({ children }: { children: ReactNode }) {
  return (
    <form method="get" className="flex flex-wrap items-end gap-2 text-sm">
      {children}
      <button type="submit" className="rounded border border-slate-300 px-3 py-1">
        Apply
      </button>
    </form>
  )
}

/** One filter: its label above its control. */
export function FilterField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="flex flex-col">
      {label}
      {children}
    </label>
  )
}

/** The class of a filter's select or text input. */
export const FILTER_CONTROL = 'rounded border border-slate-300 p-1'

/** A filter with a list of choices; `all` labels the first, empty choice that turns the filter off. */
export function FilterSelect({
  label,
  name,
  defaultValue,
  all,
  options,
}: {
  label: string
  name: string
  defaultValue: string
  all?: string
  options: readonly FilterOption[]
}) {
  return (
    <FilterField label={label}>
      <select name={name} defaultValue={defaultValue} className={FILTER_CONTROL}>
        {all !== undefined && <option value="">{all}</option>}
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </FilterField>
  )
}

/** The board filter: every board given, as "/id/ - name", or all of them. */
export function BoardFilter({
  name,
  value,
  boards,
}: {
  name: string
  value: string | undefined
  boards: readonly { id: string; name: string }[]
}) {
  const options = boards.map(
    (b) =>
      [
        b.id,
        <>
          /{b.id}/ - {b.name}
        </>,
      ] as const,
  )
  return <FilterSelect label="Board" name={name} defaultValue={value ?? ''} all="All Boards" options={options} />
}

/** The filter on the kind of moderation action, or all kinds. */
export function ActionTypeFilter({ value }: { value: string | undefined }) {
  return (
    <FilterSelect label="Action Type" name="action_type" defaultValue={value ?? ''} all="All" options={ACTION_LABELS} />
  )
}
