// The contact details on /contact. Until an admin sets them, the page shows a default that sends visitors where
// the site already answers them (the rules, and the appeal form on a ban notice) instead of a channel that may
// not exist. Every change is kept in the staff audit log with its old and new values.
import type { ContactSettings } from './schemas'
import type { Staff } from '../auth/staff'
import { getDb } from '../db/client'

const TEXT = 'contact_text'
const LINK = 'contact_link'

export const DEFAULT_CONTACT: ContactSettings = {
  text:
    'This site has not published a contact address yet. Read the rules before posting; if you are banned, the ban ' +
    'notice shows how long it lasts and, where the ban allows it, a form to appeal to the moderators.',
  link: '',
}

export async function getContact(): Promise<ContactSettings & { custom: boolean }> {
  const db = await getDb()
  const rows = await db.siteSetting.findMany({ where: { name: { in: [TEXT, LINK] } } })
  const value = (name: string) => rows.find((r) => r.name === name)?.value
  const text = value(TEXT)
  if (text === undefined) return { ...DEFAULT_CONTACT, custom: false }
  return { text, link: value(LINK) ?? '', custom: true }
}

export async function updateContact(staff: Staff, next: ContactSettings): Promise<ContactSettings> {
  const db = await getDb()
  const before = await getContact()
  const now = new Date()
  await db.$transaction(async (tx) => {
    for (const [name, value] of [
      [TEXT, next.text],
      [LINK, next.link],
    ] as const) {
      await tx.siteSetting.upsert({
        where: { name },
        create: { name, value, updatedAt: now },
        update: { value, updatedAt: now },
      })
    }
    await tx.staffAuditEntry.create({
      data: {
        adminUserId: staff.id,
        action: 'contact_updated',
        target: 'site:contact',
        details: { old: { text: before.text, link: before.link }, new: next },
      },
    })
  })
  return next
}
