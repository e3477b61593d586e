// A staff user's board scope as a database filter, for rows that belong to a board or to none (global).
import type { Staff } from './types'

/** Rows a non-admin with assigned boards may see: their boards and global rows. */
export function scopeWhere(staff: Staff) {
  return staff.role === 'admin' || staff.boards.length === 0
    ? {}
    : { OR: [{ boardId: { in: staff.boards } }, { boardId: null }] }
}
