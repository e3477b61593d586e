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
