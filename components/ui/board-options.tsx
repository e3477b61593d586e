/** One `<option>` per board, labelled "/id/ - Name", for the board pickers of the staff screens. */
export function BoardOptions({ boards }: { boards: { id: string; name: string }[] }) {
  return boards.map((b) => (
    <option key={b.id} value={b.id}>
      /{b.id}/ - {b.name}
    </option>
  ))
}
