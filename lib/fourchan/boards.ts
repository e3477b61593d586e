// boards.json: every board with its settings and the posting limits in force (rate limits as configured).
import { toFourchanBoard } from './board'
import { lastModifiedOf } from './last-modified'
import type { FourchanBoard } from './types'
import { listBoards } from '../boards/queries'
import { getConfig } from '../config'
import { boardsTags } from '../page-cache/fourchan-routes'
import { LIMITS } from '../rate-limit/limits'

export async function readBoards(): Promise<{ boards: FourchanBoard[]; lastModified: number }> {
  const { rateLimits } = getConfig()
  const limits = {
    threadCreate: { ...LIMITS.threadCreate, ...rateLimits.threadCreate },
    postCreate: { ...LIMITS.postCreate, ...rateLimits.postCreate },
  }
  const boards = (await listBoards()).map((b) => toFourchanBoard(b, limits))
  return { boards, lastModified: lastModifiedOf(boardsTags()) }
}
