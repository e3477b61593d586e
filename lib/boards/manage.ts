// Board management for admins (issue 6.5; extra admin endpoints, as the contract has no board API): create boards
// and change their name, description and flags. Thread ids and country codes are computed when a post is created
// at that moment, so a changed flag applies to new posts. Every change is kept in the staff audit log (the
// moderation log's action types are a fixed list) and published after commit, so every process drops
// the pages that show the board before the next request.
import { z } from 'zod'
import { getDb } from '../db/client'
import type { Tx } from '../db/locks'
import { publish } from '../events/bus'
import { ConflictError, NotFoundError, ValidationError } from '../errors'
import type { Staff } from '../auth/staff'
import { codePoints, normalizeText } from '../text/normalize'
import { type PublicBoard, THREADS_PER_PAGE, toPublicBoard } from './types'

export const BOARD_NAME_MAX = 50
export const BOARD_DESCRIPTION_MAX = 200

/** Text rules: CRLF → LF, trimmed, lengths in code points. */
function text(label: string, max: number, required: boolean) {
  return z.string({ error: (iss) => (iss.input === undefined ? `${label} is required` : `${label} must be text`) })
    .transform(normalizeText)
    .refine((v) => !required || v.length > 0, `${label} is required`)
    .refine((v) => codePoints(v) <= max, `${label} must be ${max} characters or less`)
}

const flag = (field: string) => z.boolean({ error: `${field} must be true or false` })

const ZSettings = z.object({
  name: text('Name', BOARD_NAME_MAX, true),
  description: text('Description', BOARD_DESCRIPTION_MAX, false),
  nsfw: flag('nsfw'),
  thread_ids_enabled: flag('thread_ids_enabled'),
  country_flags_enabled: flag('country_flags_enabled'),
  threads_per_page: z.number({ error: 'threads_per_page must be a whole number' })
    .int('threads_per_page must be a whole number')
    .min(THREADS_PER_PAGE.min, `threads_per_page must be between ${THREADS_PER_PAGE.min} and ${THREADS_PER_PAGE.max}`)
    .max(THREADS_PER_PAGE.max, `threads_per_page must be between ${THREADS_PER_PAGE.min} and ${THREADS_PER_PAGE.max}`),
})

export const ZNewBoard = ZSettings.extend({
  id: z.string({ error: 'Board ID is required' }).trim()
    .regex(/^[a-z0-9]{1,10}$/, 'Board ID must be 1–10 lowercase letters or digits'),
  description: ZSettings.shape.description.default(''),
  nsfw: ZSettings.shape.nsfw.default(false),
  thread_ids_enabled: ZSettings.shape.thread_ids_enabled.default(false),
  country_flags_enabled: ZSettings.shape.country_flags_enabled.default(false),
  threads_per_page: ZSettings.shape.threads_per_page.default(THREADS_PER_PAGE.default),
})

export const ZBoardUpdate = ZSettings.partial()

type Settings = z.infer<typeof ZSettings>

/** API field → database column. */
function toColumns(s: Partial<Settings>) {
  return {
    ...(s.name !== undefined ? { name: s.name } : {}),
    ...(s.description !== undefined ? { description: s.description } : {}),
    ...(s.nsfw !== undefined ? { nsfw: s.nsfw } : {}),
    ...(s.thread_ids_enabled !== undefined ? { threadIdsEnabled: s.thread_ids_enabled } : {}),
    ...(s.country_flags_enabled !== undefined ? { countryFlagsEnabled: s.country_flags_enabled } : {}),
    ...(s.threads_per_page !== undefined ? { threadsPerPage: s.threads_per_page } : {}),
  }
}

function audit(tx: Tx, staff: Staff, action: 'board_created' | 'board_updated', boardId: string, details: Record<string, unknown>) {
  return tx.staffAuditEntry.create({ data: { adminUserId: staff.id, action, target: `board:${boardId}`, details: details as never } })
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
  return boards.map((b) => ({ ...toPublicBoard(b), created_at: b.createdAt.toISOString(), thread_count: live.get(b.id) ?? 0 }))
}

export async function createBoard(staff: Staff, body: unknown): Promise<PublicBoard> {
  const input = ZNewBoard.parse(body ?? {})
  const db = await getDb()
  let created
  try {
    created = await db.$transaction(async (tx) => {
      if (await tx.board.findUnique({ where: { id: input.id } })) throw new ConflictError('Board already exists')
      const board = await tx.board.create({ data: {
        id: input.id, name: input.name, description: input.description, nsfw: input.nsfw,
        threadIdsEnabled: input.thread_ids_enabled, countryFlagsEnabled: input.country_flags_enabled,
        threadsPerPage: input.threads_per_page,
      } })
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

export async function updateBoard(staff: Staff, boardId: string, body: unknown): Promise<PublicBoard> {
  const input = ZBoardUpdate.parse(body ?? {})
  const columns = toColumns(input)
  if (!Object.keys(columns).length) {
    throw new ValidationError([{ field: 'body', message: 'No valid fields to update' }], 'No valid fields to update')
  }
  const db = await getDb()
  const updated = await db.$transaction(async (tx) => {
    const before = await tx.board.findUnique({ where: { id: boardId } })
    if (!before) throw new NotFoundError('Board not found')
    const after = await tx.board.update({ where: { id: boardId }, data: columns })
    // Only what actually changed, as {field: {from, to}}; saving an unchanged form records nothing.
    const old = toPublicBoard(before) as unknown as Record<string, unknown>
    const now = toPublicBoard(after) as unknown as Record<string, unknown>
    const changes = Object.fromEntries(Object.keys(now).filter((k) => old[k] !== now[k]).map((k) => [k, { from: old[k], to: now[k] }]))
    if (Object.keys(changes).length) await audit(tx, staff, 'board_updated', boardId, changes)
    return { board: after, changed: Object.keys(changes).length > 0 }
  })
  if (updated.changed) publish({ name: 'board_updated', payload: { boardId } })
  return toPublicBoard(updated.board)
}
