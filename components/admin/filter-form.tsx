'use client'
import { useState, type FormEvent } from 'react'
import { SaveResultText } from '@/components/ui/form-message'
import { BUTTON_PRIMARY, BUTTON_SECONDARY, INPUT_COMPACT } from '@/components/ui/styles'
import { BAN_DURATIONS } from '@/lib/bans/durations'
import type { FilterRuleInput } from '@/lib/filters/schemas'
import { LabelledField } from './labelled-field'
import { useAdminSave } from './use-admin-save'

export const EMPTY_RULE: FilterRuleInput = {
  pattern: '',
  regex: false,
  boards: [],
  where: 'both',
  action: 'reject',
  message: '',
  replacement: '',
  banDuration: '1d',
  banReason: '',
}

const FAILED = 'Failed to save the filter. Please try again.'

/** The add/edit form of /admin/filters: what to look for, where, and what to do with a post that has it. */
export function FilterForm({
  initial,
  boards,
  editing,
  onSave,
  onCancel,
}: {
  initial: FilterRuleInput
  boards: { id: string; name: string }[]
  editing: boolean
  onSave: (rule: FilterRuleInput) => Promise<string>
  onCancel: () => void
}) {
  const [rule, setRule] = useState(initial)
  const { busy, result, fieldError, submit } = useAdminSave(FAILED)
  const set = (change: Partial<FilterRuleInput>) => setRule({ ...rule, ...change })
  const toggleBoard = (id: string, on: boolean) =>
    set({ boards: on ? [...rule.boards, id] : rule.boards.filter((b) => b !== id) })

  const save = (e: FormEvent) =>
    submit(e, async () => {
      const text = await onSave(rule)
      if (!editing) setRule(EMPTY_RULE)
      return text
    })

  return (
    <form onSubmit={save} noValidate className="grid gap-3 p-4 sm:grid-cols-2" aria-label="Filter rule">
      <LabelledField label="Pattern" error={fieldError('pattern')}>
        <input value={rule.pattern} onChange={(e) => set({ pattern: e.target.value })} className={INPUT_COMPACT} />
      </LabelledField>
      <label className="flex items-center gap-2 self-end text-sm">
        <input type="checkbox" checked={rule.regex} onChange={(e) => set({ regex: e.target.checked })} />
        Regular expression (RE2 syntax; otherwise plain text, case-insensitive)
      </label>
      <LabelledField label="Look in" error={fieldError('where')}>
        <select
          value={rule.where}
          onChange={(e) => set({ where: e.target.value as FilterRuleInput['where'] })}
          className={INPUT_COMPACT}
        >
          <option value="both">Topic and text</option>
          <option value="topic">Topic only</option>
          <option value="content">Text only</option>
        </select>
      </LabelledField>
      <LabelledField label="Action" error={fieldError('action')}>
        <select
          value={rule.action}
          onChange={(e) => set({ action: e.target.value as FilterRuleInput['action'] })}
          className={INPUT_COMPACT}
        >
          <option value="reject">Reject the post</option>
          <option value="replace">Replace the words</option>
          <option value="ban">Ban the poster</option>
        </select>
      </LabelledField>
      {rule.action === 'reject' && (
        <LabelledField label="Message shown to the poster" error={fieldError('message')}>
          <input value={rule.message} onChange={(e) => set({ message: e.target.value })} className={INPUT_COMPACT} />
        </LabelledField>
      )}
      {rule.action === 'replace' && (
        <LabelledField label="Replacement" error={fieldError('replacement')}>
          <input
            value={rule.replacement}
            onChange={(e) => set({ replacement: e.target.value })}
            className={INPUT_COMPACT}
          />
        </LabelledField>
      )}
      {rule.action === 'ban' && (
        <>
          <LabelledField label="Ban duration" error={fieldError('banDuration')}>
            <select
              value={rule.banDuration}
              onChange={(e) => set({ banDuration: e.target.value })}
              className={INPUT_COMPACT}
            >
              {BAN_DURATIONS.map((d) => (
                <option key={d.value} value={d.value}>
                  {d.label}
                </option>
              ))}
            </select>
          </LabelledField>
          <LabelledField label="Ban reason" error={fieldError('banReason')}>
            <input
              value={rule.banReason}
              onChange={(e) => set({ banReason: e.target.value })}
              className={INPUT_COMPACT}
            />
          </LabelledField>
        </>
      )}
      <fieldset className="text-sm sm:col-span-2">
        <legend>Boards (none ticked: every board)</legend>
        <div className="flex flex-wrap gap-3">
          {boards.map((b) => (
            <label key={b.id} className="flex items-center gap-1">
              <input
                type="checkbox"
                checked={rule.boards.includes(b.id)}
                onChange={(e) => toggleBoard(b.id, e.target.checked)}
              />
              /{b.id}/
            </label>
          ))}
        </div>
        <p className="text-xs text-red-600">{fieldError('boards')}</p>
      </fieldset>
      <div className="flex items-center gap-3 sm:col-span-2">
        <button type="submit" disabled={busy} className={`${BUTTON_PRIMARY} disabled:opacity-50`}>
          {busy ? 'Saving...' : editing ? 'Save Filter' : 'Add Filter'}
        </button>
        {editing && (
          <button type="button" onClick={onCancel} className={BUTTON_SECONDARY}>
            Cancel
          </button>
        )}
        <SaveResultText result={result} />
      </div>
    </form>
  )
}
