// Board management for admins: create boards and change their name, description and flags. Thread ids and
// country codes are computed when a post is created, so a changed flag applies to new posts. Every change is kept
// in the staff audit log (the moderation log's action types are a fixed list) and published after commit, so
// every process drops the pages that show the board before the next request.
import type { BoardSettings, BoardUpdate, NewBoard } from './schemas'
import { type PublicBoard, toPublicBoard } from './types'
import type { Staff } from '../auth/staff'
import { getConfig } from '../config'
import { getDb } from '../db/client'
import type { Tx } from '../db/locks'
import { ConflictError, NotFoundError } from '../errors'
import { publish } from '../events/bus'

/** API field → database column. */
function toColumns(s: Partial<BoardSettings>) {
  return {
    ...(s.name !== undefined ? { name: s.name } : {}),
    ...(s.description !== undefined ? { description: s.description } : {}),
    ...(s.nsfw !== undefined ? { nsfw: s.nsfw } : {}),
    ...(s.thread_ids_enabled !== undefined ? { threadIdsEnabled: s.thread_ids_enabled } : {}),
    ...(s.country_flags_enabled !== undefined ? { countryFlagsEnabled: s.country_flags_enabled } : {}),
    ...(s.threads_per_page !== undefined ? { threadsPerPage: s.threads_per_page } : {}),
    ...(s.captcha !== undefined ? { captcha: s.captcha } : {}),
  }
}

function audit(
  tx: Tx,
  staff: Staff,
  action: 'board_created' | 'board_updated',
  boardId: string,
  details: Record<string, unknown>,
) {
  return tx.staffAuditEntry.create({
    data: { adminUserId: staff.id, action, target: `board:${boardId}`, details: details as never },
  })
}

export interface ManagedBoard extends PublicBoard {
  created_at: string
  thread_count: number
}

/** Every board with its settings and number of live threads, sorted by id (for /admin/settings). */
export async function listManagedBoards(): Promise<ManagedBoard[]> {
  const db = await getDb()
  const [boards, counts] = await Promise.all([
    db.board.findMany({ orderBy: { id: 'asc' } }),
    db.thread.groupBy({ by: ['boardId'], where: { isDead: false }, _count: { _all: true } }),
  ])
  const live = new Map(counts.map((c) => [c.boardId, c._count._all]))
  return boards.map((b) => ({
    ...toPublicBoard(b),
    created_at: b.createdAt.toISOString(),
    thread_count: live.get(b.id) ?? 0,
  }))
}

export async function createBoard(staff: Staff, input: NewBoard): Promise<PublicBoard> {
  const db = await getDb()
  let created
  try {
    created = await db.$transaction(async (tx) => {
      if (await tx.board.findUnique({ where: { id: input.id } })) throw new ConflictError('Board already exists')
      const board = await tx.board.create({
        data: {
          id: input.id,
          name: input.name,
          description: input.description,
          nsfw: input.nsfw,
          threadIdsEnabled: input.thread_ids_enabled,
          countryFlagsEnabled: input.country_flags_enabled,
          threadsPerPage: input.threads_per_page,
          captcha: input.captcha ?? getConfig().captchaDefault,
        },
      })
      await audit(tx, staff, 'board_created', board.id, toPublicBoard(board) as unknown as Record<string, unknown>)
      return board
    })
  } catch (err) {
    // Two admins creating the same id at once: the primary key decides.
    if ((err as { code?: string }).code === 'P2002') throw new ConflictError('Board already exists')
    throw err
  }
  publish({ name: 'board_updated', payload: { boardId: created.id } })
  return toPublicBoard(created)
}

export async function updateBoard(staff: Staff, boardId: string, input: BoardUpdate): Promise<PublicBoard> {
  const columns = toColumns(input)
  const db = await getDb()
  const updated = await db.$transaction(async (tx) => {
    const before = await tx.board.findUnique({ where: { id: boardId } })
    if (!before) throw new NotFoundError('Board not found')
    const after = await tx.board.update({ where: { id: boardId }, data: columns })
    // Only what actually changed, as {field: {from, to}}; saving an unchanged form records nothing.
    const old = toPublicBoard(before) as unknown as Record<string, unknown>
    const now = toPublicBoard(after) as unknown as Record<string, unknown>
    const changes = Object.fromEntries(
      Object.keys(now)
        .filter((k) => old[k] !== now[k])
        .map((k) => [k, { from: old[k], to: now[k] }]),
    )
    if (Object.keys(changes).length) await audit(tx, staff, 'board_updated', boardId, changes)
    return { board: after, changed: Object.keys(changes).length > 0 }
  })
  if (updated.changed) publish({ name: 'board_updated', payload: { boardId } })
  return toPublicBoard(updated.board)
}
