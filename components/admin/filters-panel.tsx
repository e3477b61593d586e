'use client'
import { useState } from 'react'
import { StaffTable } from '@/components/ui/table-head'
import { staffApi } from '@/lib/client/api'
import { useFilters } from '@/lib/client/hooks/use-staff-resources'
import type { FilterDto } from '@/lib/filters/manage'
import type { FilterRuleInput } from '@/lib/filters/schemas'
import { EMPTY_RULE, FilterForm } from './filter-form'
import { SettingsSection } from './settings-section'

const WHERE = { topic: 'Topic', content: 'Text', both: 'Topic and text' }

function actionText(f: FilterDto): string {
  if (f.action === 'reject') return `Reject${f.message ? `: “${f.message}”` : ''}`
  if (f.action === 'replace') return `Replace with “${f.replacement}”`
  return `Ban ${f.banDuration}: ${f.banReason}`
}

const toInput = (f: FilterDto): FilterRuleInput => ({
  ...EMPTY_RULE,
  pattern: f.pattern,
  regex: f.regex,
  boards: f.boards,
  where: f.where,
  action: f.action,
  message: f.message,
  replacement: f.replacement,
  banDuration: f.banDuration ?? EMPTY_RULE.banDuration,
  banReason: f.banReason ?? '',
})

/** /admin/filters: the word filters in force, a form to add one, and edit/delete per row. */
export function FiltersPanel({ initial, boards }: { initial: FilterDto[]; boards: { id: string; name: string }[] }) {
  const { data: filters = initial, mutate } = useFilters(initial)
  const setFilters = (next: FilterDto[]) => void mutate(next, { revalidate: false })
  const [editing, setEditing] = useState<FilterDto | null>(null)
  const [error, setError] = useState('')

  async function save(rule: FilterRuleInput): Promise<string> {
    const answer = editing ? await staffApi.updateFilter(editing.id, rule) : await staffApi.createFilter(rule)
    setFilters(
      editing ? filters.map((f) => (f.id === answer.filter.id ? answer.filter : f)) : [...filters, answer.filter],
    )
    setEditing(null)
    return answer.message
  }

  async function remove(f: FilterDto) {
    if (!window.confirm(`Delete the filter “${f.pattern}”?`)) return
    setError('')
    try {
      await staffApi.deleteFilter(f.id)
      setFilters(filters.filter((x) => x.id !== f.id))
    } catch {
      setError('Failed to delete the filter. Please try again.')
    }
  }

  return (
    <div className="grid gap-4">
      <SettingsSection title={editing ? `Edit filter #${editing.id}` : 'Add a filter'}>
        <FilterForm
          key={editing?.id ?? 'new'}
          initial={editing ? toInput(editing) : EMPTY_RULE}
          boards={boards}
          editing={editing !== null}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      </SettingsSection>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <div className="overflow-x-auto">
        <StaffTable columns={['Pattern', 'Boards', 'Looks in', 'Action', '']}>
          {filters.map((f) => (
            <tr key={f.id} className="border-b align-top">
              <td className="p-2 font-mono break-all">{f.regex ? `/${f.pattern}/i` : f.pattern}</td>
              <td className="p-2">{f.boards.length ? f.boards.map((b) => `/${b}/`).join(' ') : 'All boards'}</td>
              <td className="p-2">{WHERE[f.where]}</td>
              <td className="p-2 break-words">{actionText(f)}</td>
              <td className="p-2 whitespace-nowrap">
                <button type="button" className="mr-2 underline" onClick={() => setEditing(f)}>
                  Edit
                </button>
                <button type="button" className="text-red-700 underline" onClick={() => remove(f)}>
                  Delete
                </button>
              </td>
            </tr>
          ))}
          {!filters.length && (
            <tr>
              <td colSpan={5} className="p-2 text-slate-500">
                No filters yet.
              </td>
            </tr>
          )}
        </StaffTable>
      </div>
    </div>
  )
}
