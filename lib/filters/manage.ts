// Word filters for admins: list, create, replace and delete. Every change is kept in the action log and reaches
// every process's copy of the rules at once (through the event bus and its relay).
import type { FilterRule } from './match'
import { toRule } from './rules'
import type { FilterRuleInput } from './schemas'
import { MAX_FILTERS } from './schemas'
import type { Staff } from '../auth/staff'
import { getDb } from '../db/client'
import { ConflictError, NotFoundError } from '../errors'
import { publish } from '../events/bus'
import { logAction } from '../staff/action-log'

export interface FilterDto extends FilterRule {
  createdAt: string
  updatedAt: string
  createdBy: string | null
}

const NOT_FOUND = 'Filter not found'

function rowData(input: FilterRuleInput) {
  return {
    pattern: input.pattern,
    regex: input.regex,
    boards: input.boards.join(','),
    where: input.where,
    action: input.action,
    message: input.action === 'reject' ? input.message : '',
    replacement: input.action === 'replace' ? input.replacement : '',
    banDuration: input.action === 'ban' ? (input.banDuration ?? null) : null,
    banReason: input.action === 'ban' ? input.banReason : null,
  }
}

type Row = Parameters<typeof toRule>[0]
const toDto = (row: Row): FilterDto => ({
  ...toRule(row),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  createdBy: row.createdByName,
})

const changed = () => publish({ name: 'filters_changed', payload: {} })
const summary = (r: FilterRuleInput | FilterRule) => ({
  pattern: r.pattern,
  regex: r.regex,
  action: r.action,
  boards: r.boards,
})

export async function listFilters(): Promise<FilterDto[]> {
  const db = await getDb()
  return (await db.wordFilter.findMany({ orderBy: { id: 'asc' } })).map(toDto)
}

export async function createFilter(staff: Staff, input: FilterRuleInput): Promise<FilterDto> {
  const db = await getDb()
  const row = await db.$transaction(async (tx) => {
    if ((await tx.wordFilter.count()) >= MAX_FILTERS) throw new ConflictError(`At most ${MAX_FILTERS} filters`)
    const now = new Date()
    const row = await tx.wordFilter.create({
      data: { ...rowData(input), createdAt: now, updatedAt: now, createdById: staff.id, createdByName: staff.username },
    })
    await logAction(tx, { actionType: 'filter_created', staff, details: { filter_id: row.id, ...summary(input) } })
    return row
  })
  changed()
  return toDto(row)
}

export async function updateFilter(staff: Staff, id: number, input: FilterRuleInput): Promise<FilterDto> {
  const db = await getDb()
  const row = await db.$transaction(async (tx) => {
    const before = await tx.wordFilter.findUnique({ where: { id } })
    if (!before) throw new NotFoundError(NOT_FOUND)
    const row = await tx.wordFilter.update({ where: { id }, data: { ...rowData(input), updatedAt: new Date() } })
    await logAction(tx, {
      actionType: 'filter_updated',
      staff,
      details: { filter_id: id, old: summary(toRule(before)), new: summary(input) },
    })
    return row
  })
  changed()
  return toDto(row)
}

export async function deleteFilter(staff: Staff, id: number): Promise<void> {
  const db = await getDb()
  await db.$transaction(async (tx) => {
    const before = await tx.wordFilter.findUnique({ where: { id } })
    if (!before) throw new NotFoundError(NOT_FOUND)
    await tx.wordFilter.delete({ where: { id } })
    await logAction(tx, { actionType: 'filter_deleted', staff, details: { filter_id: id, ...summary(toRule(before)) } })
  })
  changed()
}
