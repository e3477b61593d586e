import type { HTMLAttributes, ReactNode } from 'react'

/** The classes of a figures table's cell: `gap` pads every column but the last, figures are right-aligned. */
const cellClass = (column: number, columns: number, gap: string, figure: string) =>
  ['py-1', column < columns - 1 ? gap : '', column > 0 ? figure : ''].filter(Boolean).join(' ')

/** The header of a table of figures: the first column names the row, the others hold numbers. */
export function FiguresHead({ columns, gap = '' }: { columns: string[]; gap?: string }) {
  return (
    <thead>
      <tr className="border-b text-left">
        {columns.map((c, i) => (
          <th key={c} className={cellClass(i, columns.length, gap, 'text-right')}>
            {c}
          </th>
        ))}
      </tr>
    </thead>
  )
}

/** A row of a table of figures: its name, then one right-aligned number per column. */
export function FiguresRow({
  label,
  figures,
  gap = '',
  ...row
}: { label: ReactNode; figures: number[]; gap?: string } & HTMLAttributes<HTMLTableRowElement>) {
  const columns = figures.length + 1
  return (
    <tr {...row}>
      <td className={cellClass(0, columns, gap, '')}>{label}</td>
      {figures.map((f, i) => (
        <td key={i} className={cellClass(i + 1, columns, gap, 'text-right font-mono')}>
          {f}
        </td>
      ))}
    </tr>
  )
}
