import { json } from '@/lib/http/error-response'
import { methodNotAllowed } from '@/lib/http/route'
import { staffRoute } from '@/lib/http/staff-route'
import { getContact, updateContact } from '@/lib/site/contact'
import { ZContactSettings } from '@/lib/site/schemas'

// GET /api/admin/settings/contact – the contact text and link shown on /contact, and whether an admin set them
export const GET = staffRoute({ role: 'admin' }, async () => json({ contact: await getContact() }))

// PUT /api/admin/settings/contact – replace the contact text and link (admin); /contact shows them at once
export const PUT = staffRoute({ role: 'admin', body: ZContactSettings }, async ({ staff, body }) =>
  json({ message: 'Contact details updated', contact: { ...(await updateContact(staff, body)), custom: true } }),
)

export const { POST, PATCH, DELETE } = methodNotAllowed('GET', 'PUT')
