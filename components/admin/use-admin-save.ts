'use client'
import { useState, type FormEvent } from 'react'
import { fieldErrorOf, type SaveResult } from '@/components/ui/form-message'
import { errorBodyOf } from '@/lib/client/api'
import { formErrors } from '@/lib/client/form-errors'

/**
 * The submit cycle of the admin settings forms: busy while the call runs, then the server's confirmation (the text
 * `save` resolves to) or its refusal, with `failed` shown when the server gives no usable message.
 */
export function useAdminSave(failed: string) {
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<SaveResult | null>(null)

  async function submit(e: FormEvent, save: () => Promise<string>) {
    e.preventDefault()
    setBusy(true)
    setResult(null)
    try {
      setResult({ ok: true, text: await save() })
    } catch (err) {
      setResult({ ok: false, ...formErrors(errorBodyOf(err), failed) })
    } finally {
      setBusy(false)
    }
  }

  return { busy, result, fieldError: (field: string) => fieldErrorOf(result, field), submit }
}
