import type { PublicBoard } from '@/lib/boards/types'
import { BoardEntry } from './board-entry'

/** Boards in two alternating columns: the 1st, 3rd, 5th… on the left, the 2nd, 4th… on the right. */
export function BoardColumns({ boards }: { boards: PublicBoard[] }) {
  const columns = [boards.filter((_, i) => i % 2 === 0), boards.filter((_, i) => i % 2 === 1)]
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      {columns.map((column, i) => (
        <ul key={i} data-testid={`board-column-${i + 1}`} className="min-w-0">
          {column.map((b) => (
            <BoardEntry key={b.id} board={b} />
          ))}
        </ul>
      ))}
    </div>
  )
}
