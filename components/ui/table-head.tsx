import type { ReactNode } from 'react'

/** The header row of the staff list tables: one left-aligned, padded cell per column name. */
export function TableHead({ columns }: { columns: string[] }) {
  return (
    <thead>
      <tr className="border-b text-left">
        {columns.map((h) => (
          <th key={h} className="p-2">
            {h}
          </th>
        ))}
      </tr>
    </thead>
  )
}

/** A staff list table: the header from `columns`, the rows given as children. */
export function StaffTable({ columns, children }: { columns: string[]; children: ReactNode }) {
  return (
    <table className="w-full border-collapse bg-white text-sm">
      <TableHead columns={columns} />
      <tbody>{children}</tbody>
    </table>
  )
}
