// The contact page's text and link are an admin setting: a default that points somewhere real until an admin
// saves one, validation with field messages, admins only with CSRF, every change in the staff audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'
import { createStaff, StaffClient } from '../helpers/staff'

let server: TestServer
let admin: StaffClient
let moderator: StaffClient

beforeAll(async () => {
  server = await startServer()
  const a = await createStaff(server.database, { username: 'contactadmin', role: 'admin' })
  const m = await createStaff(server.database, { username: 'contactmod', role: 'moderator' })
  admin = new StaffClient(server.url, as('10.3.3.3'))
  moderator = new StaffClient(server.url, as('10.3.3.4'))
  expect((await admin.login(a.username, a.password)).status).toBe(200)
  expect((await moderator.login(m.username, m.password)).status).toBe(200)
})
afterAll(async () => {
  await server?.stop()
})

async function contactPage() {
  const res = await fetch(server.url + '/contact', { headers: as('192.0.2.77') })
  expect(res.status).toBe(200)
  return res.text()
}

describe('contact settings', () => {
  it('shows a default that links to the rules until an admin saves one', async () => {
    const html = await contactPage()
    expect(html).toContain('has not published a contact address yet')
    expect(html).toContain('href="/rules"')
    const res = await admin.request('GET', '/api/admin/settings/contact')
    expect(res.status).toBe(200)
    expect(res.body.contact.custom).toBe(false)
  })

  it('refuses visitors, moderators and writes without the CSRF token', async () => {
    const visitor = await fetch(server.url + '/api/admin/settings/contact', { headers: as('192.0.2.78') })
    expect(visitor.status).toBe(401)
    expect((await moderator.request('GET', '/api/admin/settings/contact')).status).toBe(403)
    expect((await moderator.write('PUT', '/api/admin/settings/contact', { text: 'x' })).status).toBe(403)
    expect((await admin.request('PUT', '/api/admin/settings/contact', { text: 'no token' })).status).toBe(403)
    expect(await contactPage()).not.toContain('no token')
  })

  it('answers 400 with a message per field for bad text and links, and keeps the old value', async () => {
    for (const [body, field] of [
      [{ text: '   ' }, 'text'],
      [{ text: 'x'.repeat(2001) }, 'text'],
      [{ text: 42 }, 'text'],
      [{ text: 'ok', link: 'javascript:alert(1)' }, 'link'],
      [{ text: 'ok', link: 'ftp://example.org' }, 'link'],
      [{ text: 'ok', link: 'not an address' }, 'link'],
    ] as const) {
      const res = await admin.write('PUT', '/api/admin/settings/contact', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field)
    }
    expect(await contactPage()).toContain('has not published a contact address yet')
  })

  it('saves text and an e-mail link, shows them escaped on /contact at once, and audits the change', async () => {
    const text = 'Write to the <b>staff</b>:\r\nwe answer within a day.'
    const res = await admin.write('PUT', '/api/admin/settings/contact', { text, link: ' staff@example.org ' })
    expect(res.status).toBe(200)
    expect(res.body.contact).toEqual({
      text: 'Write to the <b>staff</b>:\nwe answer within a day.',
      link: 'staff@example.org',
      custom: true,
    })
    const html = await contactPage()
    expect(html).toContain('Write to the &lt;b&gt;staff&lt;/b&gt;:\nwe answer within a day.')
    expect(html).toContain('href="mailto:staff@example.org"')
    expect(html).not.toContain('has not published a contact address yet')

    const web = await admin.write('PUT', '/api/admin/settings/contact', {
      text: 'Our board of staff',
      link: 'https://example.org/help',
    })
    expect(web.status).toBe(200)
    expect(await contactPage()).toContain('href="https://example.org/help"')
    expect((await admin.write('PUT', '/api/admin/settings/contact', { text: 'No link any more' })).status).toBe(200)
    expect(await contactPage()).not.toContain('example.org/help')

    const rows = await sql<{ action: string; details: unknown }>(
      server.database,
      "SELECT action, details FROM staff_audit_log WHERE target = 'site:contact' ORDER BY id",
    )
    expect(rows.map((r) => r.action)).toEqual(['contact_updated', 'contact_updated', 'contact_updated'])
    const first = typeof rows[0].details === 'string' ? JSON.parse(rows[0].details) : rows[0].details
    expect(first.old.link).toBe('')
    expect(first.new.link).toBe('staff@example.org')
  })
})
