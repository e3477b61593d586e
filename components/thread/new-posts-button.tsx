/** Shown to a reader scrolled up when posts arrive: takes them to the newest. */
export function NewPostsButton({ count, onClick }: { count: number; onClick: () => void }) {
  if (count <= 0) return null
  return (
    <button
      type="button"
      onClick={onClick}
      className="fixed bottom-6 left-1/2 z-40 -translate-x-1/2 rounded-full bg-blue-600 px-4 py-2 text-sm font-medium text-white shadow-lg"
    >
      New posts available ({count})
    </button>
  )
}
