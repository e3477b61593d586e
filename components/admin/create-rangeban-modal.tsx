'use client'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Options } from '@/components/ui/board-options'
import { Field } from '@/components/ui/field'
import { ErrorText } from '@/components/ui/form-message'
import { BUTTON_DANGER, BUTTON_SECONDARY, INPUT } from '@/components/ui/styles'
import { errorBodyOf, staffApi } from '@/lib/client/api'
import { messageFor } from '@/lib/error-messages'
import { DEFAULT_RANGE_BAN_DURATION, RANGE_BAN_DURATIONS, rangeBanExpiry } from '@/lib/rangebans/durations'
import { banValueProblem, type RangeBanType } from '@/lib/rangebans/values'
import { BanTermsFields, type BanTerms } from './ban-terms-fields'
import type { Country } from './country-toggle-grid'
import type { BoardOption } from './rangebans-panel'

const TYPES: { value: RangeBanType; label: string }[] = [
  { value: 'country', label: 'Country' },
  { value: 'asn', label: 'ASN' },
  { value: 'ip_range', label: 'IP Range' },
]
const HINTS: Record<Exclude<RangeBanType, 'country'>, { placeholder: string; hint: string }> = {
  asn: { placeholder: 'AS12345', hint: 'An AS number, such as AS12345 or 12345.' },
  ip_range: {
    placeholder: '203.0.113.0/24',
    hint: 'A CIDR range such as 203.0.113.0/24 or 2001:db8::/32 (at least /8 for IPv4, /16 for IPv6).',
  },
}

/** Create Rangeban: checked here with the server's own rules first, so most mistakes need no round trip. */
export function CreateRangeBanModal({
  countries,
  boards,
  onClose,
  onCreated,
}: {
  countries: Country[]
  boards: BoardOption[]
  onClose: () => void
  onCreated: () => Promise<void>
}) {
  const [type, setType] = useState<RangeBanType>('country')
  const [value, setValue] = useState('')
  const [terms, setTerms] = useState<BanTerms>({ boardId: '', reason: '', duration: DEFAULT_RANGE_BAN_DURATION })
  const { boardId, reason, duration } = terms
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const first = useRef<HTMLSelectElement>(null)

  useEffect(() => {
    first.current?.focus()
  }, [])
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [onClose])

  async function submit(e: FormEvent) {
    e.preventDefault()
    setError(null)
    const problem = banValueProblem(type, value)
    if (problem) return setError(problem)
    if (!reason.trim()) return setError('Reason is required')
    setBusy(true)
    try {
      await staffApi.createRangeBan({
        ban_type: type,
        ban_value: value.trim(),
        board_id: boardId || null,
        reason,
        expires_at: rangeBanExpiry(duration),
      })
      await onCreated()
      onClose()
    } catch (err) {
      setError(messageFor(errorBodyOf(err), 'Failed to create rangeban'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-black/40 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="create-rangeban-title"
        className="mt-16 w-full max-w-lg rounded-lg bg-white p-4 shadow-xl"
      >
        <div className="mb-3 flex items-center justify-between">
          <h2 id="create-rangeban-title" className="text-lg font-semibold">
            Create Rangeban
          </h2>
          <button type="button" onClick={onClose} aria-label="Close" className="px-2 text-xl leading-none">
            ×
          </button>
        </div>
        <form onSubmit={submit} noValidate className="space-y-3">
          <Field id="rangeban-type" label="Ban Type">
            <select
              id="rangeban-type"
              ref={first}
              value={type}
              onChange={(e) => {
                setType(e.target.value as RangeBanType)
                setValue('')
                setError(null)
              }}
              className={INPUT}
            >
              <Options choices={TYPES} />
            </select>
          </Field>
          <Field id="rangeban-value" label="Ban Value">
            {type === 'country' ? (
              <select id="rangeban-value" value={value} onChange={(e) => setValue(e.target.value)} className={INPUT}>
                <option value="">Select a country</option>
                {countries.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.code} - {c.name}
                  </option>
                ))}
              </select>
            ) : (
              <>
                <input
                  id="rangeban-value"
                  value={value}
                  onChange={(e) => setValue(e.target.value)}
                  placeholder={HINTS[type].placeholder}
                  aria-describedby="rangeban-value-hint"
                  autoComplete="off"
                  spellCheck={false}
                  className={`${INPUT} font-mono`}
                />
                <p id="rangeban-value-hint" className="mt-1 text-xs text-slate-500">
                  {HINTS[type].hint}
                </p>
              </>
            )}
          </Field>
          <BanTermsFields
            idPrefix="rangeban"
            boards={boards}
            allowGlobal
            durations={RANGE_BAN_DURATIONS}
            terms={terms}
            onChange={setTerms}
          />
          <ErrorText>{error}</ErrorText>
          <div className="flex justify-end gap-2">
            <button type="button" onClick={onClose} className={BUTTON_SECONDARY}>
              Cancel
            </button>
            <button type="submit" disabled={busy} className={BUTTON_DANGER}>
              {busy ? 'Creating...' : 'Create Rangeban'}
            </button>
          </div>
        </form>
      </div>
    </div>
  )
}
