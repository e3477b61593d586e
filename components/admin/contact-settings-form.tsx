'use client'
import { useState, type FormEvent } from 'react'
import { errorBodyOf, staffApi } from '@/lib/client/api'
import { formErrors, type FormErrors } from '@/lib/client/form-errors'
import { CONTACT_LINK_MAX, CONTACT_TEXT_MAX } from '@/lib/limits'
import type { ContactSettings } from '@/lib/site/schemas'
import { FieldError } from './field-error'

const FAILED = 'Failed to save the contact details. Please try again.'

/** The 'Contact' form of /admin/settings: the text and optional link of the public /contact page. */
export function ContactSettingsForm({
  initial,
  custom: initiallyCustom,
}: {
  initial: ContactSettings
  custom: boolean
}) {
  const [draft, setDraft] = useState(initial)
  const [custom, setCustom] = useState(initiallyCustom)
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{ ok: true; text: string } | ({ ok: false } & FormErrors) | null>(null)
  const fieldError = (field: string) => (result && !result.ok ? result.fields[field] : undefined)

  async function submit(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    setResult(null)
    try {
      const saved = await staffApi.updateContact(draft)
      setDraft({ text: saved.contact.text, link: saved.contact.link })
      setCustom(true)
      setResult({ ok: true, text: saved.message })
    } catch (err) {
      setResult({ ok: false, ...formErrors(errorBodyOf(err), FAILED) })
    } finally {
      setBusy(false)
    }
  }

  const input = 'w-full rounded border border-slate-300 p-1.5 text-sm'
  return (
    <section className="rounded-lg border border-slate-300 bg-white" aria-label="Contact">
      <h2 className="border-b border-slate-200 px-4 py-2 text-lg font-semibold">Contact</h2>
      <form onSubmit={submit} noValidate className="grid gap-3 p-4">
        <p className="text-xs text-slate-500">
          Shown on the public{' '}
          <a href="/contact" className="underline">
            /contact
          </a>{' '}
          page.
          {custom ? '' : ' The page shows a default text until you save one here.'}
        </p>
        <label className="block text-sm">
          Text
          <textarea
            value={draft.text}
            onChange={(e) => setDraft({ ...draft, text: e.target.value })}
            rows={4}
            maxLength={CONTACT_TEXT_MAX}
            className={input}
          />
          <FieldError text={fieldError('text')} />
        </label>
        <label className="block text-sm">
          Link (optional: a web address or an e-mail address)
          <input
            value={draft.link}
            onChange={(e) => setDraft({ ...draft, link: e.target.value })}
            maxLength={CONTACT_LINK_MAX}
            placeholder="https://… or staff@example.org"
            className={input}
          />
          <FieldError text={fieldError('link')} />
        </label>
        <div className="flex items-center gap-3">
          <button
            type="submit"
            disabled={busy}
            className="rounded bg-blue-600 px-3 py-1.5 text-sm text-white disabled:opacity-50"
          >
            {busy ? 'Saving...' : 'Save Contact'}
          </button>
          {result?.ok && (
            <p role="status" className="text-sm text-green-700">
              {result.text}
            </p>
          )}
          {result && !result.ok && (
            <p role="alert" className="text-sm text-red-600">
              {result.error}
            </p>
          )}
        </div>
      </form>
    </section>
  )
}
