import type { ReactNode } from 'react'
import { unavailablePage } from '@/components/bans/unavailable-page'
import type { PublicBoard } from '@/lib/boards/types'
import { requestIp } from '@/lib/http/request-ip'
import type { Unavailable } from '@/lib/pages/visitor'
import { BoardHeader } from './board-header'

/**
 * A page below a board (its archive, the new-thread form) as the visitor at this address may see it: the board's
 * header and the page's heading above `body`, or the ban screen or the 404 page when the board is not for them.
 */
export async function boardSubpage<P extends { kind: 'ok'; board: PublicBoard }>(
  boardId: string,
  load: (ip: string, boardId: string) => Promise<P | Unavailable>,
  title: string,
  body: (page: P) => ReactNode,
) {
  const page = await load(await requestIp(), boardId)
  if (page.kind !== 'ok') return unavailablePage(page, boardId)
  return (
    <div className="space-y-4">
      <BoardHeader board={page.board} />
      <h1 className="text-xl font-bold">{title}</h1>
      {body(page)}
    </div>
  )
}
