/** One `<option>` per board, labelled "/id/ - Name", for the board pickers of the staff screens. */
export function BoardOptions({ boards }: { boards: { id: string; name: string }[] }) {
  return boards.map((b) => (
    <option key={b.id} value={b.id}>
      /{b.id}/ - {b.name}
    </option>
  ))
}

/** One `<option>` per choice, labelled with its label. */
export function Options({ choices }: { choices: readonly { value: string; label: string }[] }) {
  return choices.map((c) => (
    <option key={c.value} value={c.value}>
      {c.label}
    </option>
  ))
}
