'use client'
import { useState, type FormEvent } from 'react'
import { SaveResultText } from '@/components/ui/form-message'
import { BUTTON_PRIMARY, INPUT_COMPACT } from '@/components/ui/styles'
import { staffApi } from '@/lib/client/api'
import { CONTACT_LINK_MAX, CONTACT_TEXT_MAX } from '@/lib/limits'
import type { ContactSettings } from '@/lib/site/schemas'
import { LabelledField } from './labelled-field'
import { SettingsSection } from './settings-section'
import { useAdminSave } from './use-admin-save'
import { useDraft } from './use-draft'

const FAILED = 'Failed to save the contact details. Please try again.'

/** The 'Contact' form of /admin/settings: the text and optional link of the public /contact page. */
export function ContactSettingsForm({
  initial,
  custom: initiallyCustom,
}: {
  initial: ContactSettings
  custom: boolean
}) {
  const { draft, setDraft, text } = useDraft(initial)
  const [custom, setCustom] = useState(initiallyCustom)
  const { busy, result, fieldError, submit } = useAdminSave(FAILED)

  const save = (e: FormEvent) =>
    submit(e, async () => {
      const saved = await staffApi.updateContact(draft)
      setDraft({ text: saved.contact.text, link: saved.contact.link })
      setCustom(true)
      return saved.message
    })

  return (
    <SettingsSection title="Contact">
      <form onSubmit={save} noValidate className="grid gap-3 p-4">
        <p className="text-xs text-slate-500">
          Shown on the public{' '}
          <a href="/contact" className="underline">
            /contact
          </a>{' '}
          page.
          {custom ? '' : ' The page shows a default text until you save one here.'}
        </p>
        <LabelledField label="Text" error={fieldError('text')}>
          <textarea {...text('text')} rows={4} maxLength={CONTACT_TEXT_MAX} className={INPUT_COMPACT} />
        </LabelledField>
        <LabelledField label="Link (optional: a web address or an e-mail address)" error={fieldError('link')}>
          <input
            {...text('link')}
            maxLength={CONTACT_LINK_MAX}
            placeholder="https://… or staff@example.org"
            className={INPUT_COMPACT}
          />
        </LabelledField>
        <div className="flex items-center gap-3">
          <button type="submit" disabled={busy} className={`${BUTTON_PRIMARY} disabled:opacity-50`}>
            {busy ? 'Saving...' : 'Save Contact'}
          </button>
          <SaveResultText result={result} />
        </div>
      </form>
    </SettingsSection>
  )
}
