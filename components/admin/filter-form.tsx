'use client'
import { useState, type FormEvent } from 'react'
import { Options } from '@/components/ui/board-options'
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

const WHERE_CHOICES: Choice<FilterRuleInput['where']>[] = [
  { value: 'both', label: 'Topic and text' },
  { value: 'topic', label: 'Topic only' },
  { value: 'content', label: 'Text only' },
]
const ACTION_CHOICES: Choice<FilterRuleInput['action']>[] = [
  { value: 'reject', label: 'Reject the post' },
  { value: 'replace', label: 'Replace the words' },
  { value: 'ban', label: 'Ban the poster' },
]

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
        <TextInput value={rule.pattern} onChange={(pattern) => set({ pattern })} />
      </LabelledField>
      <label className="flex items-center gap-2 self-end text-sm">
        <input type="checkbox" checked={rule.regex} onChange={(e) => set({ regex: e.target.checked })} />
        Regular expression (RE2 syntax; otherwise plain text, case-insensitive)
      </label>
      <LabelledField label="Look in" error={fieldError('where')}>
        <ChoiceSelect value={rule.where} choices={WHERE_CHOICES} onChange={(where) => set({ where })} />
      </LabelledField>
      <LabelledField label="Action" error={fieldError('action')}>
        <ChoiceSelect value={rule.action} choices={ACTION_CHOICES} onChange={(action) => set({ action })} />
      </LabelledField>
      {rule.action === 'reject' && (
        <LabelledField label="Message shown to the poster" error={fieldError('message')}>
          <TextInput value={rule.message} onChange={(message) => set({ message })} />
        </LabelledField>
      )}
      {rule.action === 'replace' && (
        <LabelledField label="Replacement" error={fieldError('replacement')}>
          <TextInput value={rule.replacement} onChange={(replacement) => set({ replacement })} />
        </LabelledField>
      )}
      {rule.action === 'ban' && (
        <>
          <LabelledField label="Ban duration" error={fieldError('banDuration')}>
            <ChoiceSelect
              value={rule.banDuration ?? ''}
              choices={BAN_DURATIONS}
              onChange={(banDuration) => set({ banDuration })}
            />
          </LabelledField>
          <LabelledField label="Ban reason" error={fieldError('banReason')}>
            <TextInput value={rule.banReason} onChange={(banReason) => set({ banReason })} />
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

type Choice<T extends string> = { value: T; label: string }

function ChoiceSelect<T extends string>({
  value,
  choices,
  onChange,
}: {
  value: T
  choices: readonly Choice<T>[]
  onChange: (value: T) => void
}) {
  return (
    <select value={value} onChange={(e) => onChange(e.target.value as T)} className={INPUT_COMPACT}>
      <Options choices={choices} />
    </select>
  )
}

function TextInput({ value, onChange }: { value: string | undefined; onChange: (value: string) => void }) {
  return <input value={value} onChange={(e) => onChange(e.target.value)} className={INPUT_COMPACT} />
}
