/** The top line of a small dialog: its title and a × button that closes it. */
export function DialogTitleBar({ title, onClose }: { title: string; onClose: () => void }) {
  return (
    <div className="mb-2 flex justify-between">
      <h2 className="font-semibold">{title}</h2>
      <button type="button" aria-label="Close" onClick={onClose}>
        ×
      </button>
    </div>
  )
}
