import { test, expect } from './fixtures'
import { staffLogin } from './staff-login'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { createStaff, loggedInAdmin, StaffClient } from '../helpers/staff'

/** An address the offline GeoLite2 database places in Great Britain. */
const GB = '81.2.69.142'

test('an admin turns country flags on for a board on /admin/settings, and the board page shows the next post with its flag', async ({
  page,
  baseURL,
  server,
}) => {
  const admin = await createStaff(server.database, {
    username: 'settings_e2e',
    role: 'admin',
    password: 'settings password 1',
  })
  const t = (
    await postForm(
      `${baseURL}/api/boards/food/threads`,
      form({ topic: 'Soup', content: 'Favourite soups?' }, { name: 'a.png', bytes: await png() }),
      as(GB),
    )
  ).body
  await page.goto('/board/food') // now in the page cache, without flags
  await expect(page.locator('img[src="/flags/4x3/gb.svg"]')).toHaveCount(0)

  await staffLogin(page, admin.username, admin.password)
  await page.getByRole('link', { name: 'Settings' }).click()
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
  const row = page.locator('tr[data-board="food"]')
  await expect(row.getByRole('button', { name: 'Save' })).toBeDisabled() // nothing changed yet

  // A server validation message shows next to its field.
  await row.getByLabel('Name').fill('')
  await row.getByRole('button', { name: 'Save' }).click()
  await expect(row.getByRole('alert')).toHaveText('Validation failed')
  await expect(row).toContainText('Name is required')

  await row.getByLabel('Name').fill('Food & Cooking')
  await row.getByLabel('Country flags').check()
  await row.getByRole('button', { name: 'Save' }).click()
  await expect(row.getByRole('status')).toHaveText('Board updated successfully')
  await expect(row).not.toContainText('Name is required')
  await page.screenshot({ path: 'test-results/admin-settings.png', fullPage: true })

  const reply = (
    await postForm(
      `${baseURL}/api/boards/food/threads/${t.threadId}/posts`,
      form({ content: 'Leek and potato.' }),
      as(GB),
    )
  ).body
  await page.goto('/board/food')
  await expect(page.getByRole('heading', { name: '/food/ - Food & Cooking' })).toBeVisible()
  await expect(page.locator(`#post-${reply.postId}`).locator('img[src="/flags/4x3/gb.svg"]')).toBeVisible()
  await page.goto('/')
  await expect(page.getByText('Food & Cooking')).toBeVisible()
})

test('an admin creates a board on /admin/settings; a duplicate id is refused', async ({ page, server }) => {
  const admin = await createStaff(server.database, {
    username: 'creator_e2e',
    role: 'admin',
    password: 'creator password 1',
  })
  await staffLogin(page, admin.username, admin.password)
  await page.goto('/admin/settings')
  const create = page.getByRole('region', { name: 'Create Board' })
  await create.getByLabel('Board ID').fill('tech')
  await create.getByLabel('Name', { exact: true }).fill('Another tech')
  await create.getByRole('button', { name: 'Create Board' }).click()
  await expect(create.getByRole('alert')).toHaveText('Board already exists')

  await create.getByLabel('Board ID').fill('Bad id')
  await create.getByRole('button', { name: 'Create Board' }).click()
  await expect(create).toContainText('Board ID must be 1–10 lowercase letters or digits')

  await create.getByLabel('Board ID').fill('music')
  await create.getByLabel('Name', { exact: true }).fill('Music')
  await create.getByLabel('Description', { exact: true }).fill('Bands and albums')
  await create.getByLabel('NSFW').check()
  await create.getByRole('button', { name: 'Create Board' }).click()
  await expect(create.getByRole('status')).toHaveText('Board created successfully: /music/')
  await expect(page.locator('tr[data-board="music"]').getByLabel('NSFW')).toBeChecked()
  await page.goto('/')
  const nsfw = page.locator('section', { has: page.getByRole('heading', { name: 'NSFW Boards' }) })
  await expect(nsfw.getByText('/music/')).toBeVisible()
})

test('a moderator sees the statistics chart and totals; a janitor is not authorized', async ({
  page,
  browser,
  baseURL,
  server,
}) => {
  const mod = await createStaff(server.database, {
    username: 'stats_mod_e2e',
    role: 'moderator',
    password: 'stats moderator 1',
  })
  const janitor = await createStaff(server.database, {
    username: 'stats_jan_e2e',
    role: 'janitor',
    password: 'stats janitor 1',
  })

  // Test files share a server: these actions go to boards of their own, and the page is filtered to them.
  const adminApi = await loggedInAdmin(server, as('10.4.4.5'))
  for (const id of ['modstats', 'modquiet']) {
    expect(
      (
        await adminApi.write('POST', '/api/admin/boards', {
          id,
          name: id,
          description: '',
          nsfw: false,
          thread_ids_enabled: false,
          country_flags_enabled: false,
        })
      ).status,
    ).toBe(201)
  }

  // Two deletions and a ban on /modstats/ by the moderator, through the API as the staff screens make them.
  const api = new StaffClient(baseURL, as('10.4.4.4'))
  expect((await api.login(mod.username, mod.password)).status).toBe(200)
  const t = (
    await postForm(
      `${baseURL}/api/boards/modstats/threads`,
      form({ topic: 'Seasonal', content: 'What are you watching?' }, { name: 'a.png', bytes: await png() }),
      as('192.0.2.61'),
    )
  ).body
  for (const content of ['spam one', 'spam two']) {
    const r = (
      await postForm(`${baseURL}/api/boards/modstats/threads/${t.threadId}/posts`, form({ content }), as('192.0.2.61'))
    ).body
    expect(
      (
        await api.write('DELETE', `/api/admin/posts/${r.postId}`, {
          boardId: 'modstats',
          threadId: t.threadId,
          reason: 'spam',
        })
      ).status,
    ).toBe(200)
  }
  const expires = new Date(Date.now() + 86_400_000).toISOString()
  expect(
    (
      await api.write('POST', '/api/admin/bans', {
        ip_address: '192.0.2.61',
        board_id: 'modstats',
        reason: 'spam',
        expires_at: expires,
      })
    ).status,
  ).toBe(201)

  await staffLogin(page, mod.username, mod.password)
  await page.getByRole('link', { name: 'View Detailed Stats' }).click()
  await expect(page.getByRole('heading', { name: 'Moderation Statistics', level: 1 })).toBeVisible()
  await page.getByLabel('Board').selectOption('modstats')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/board_id=modstats/)
  await expect(page.getByTestId('stats-total')).toHaveText('3')
  await expect(page.getByTestId('by-type').locator('tr[data-key="post_deleted"]')).toContainText('Post Deleted2')
  await expect(page.getByTestId('by-type').locator('tr[data-key="banned"]')).toContainText('Banned1')
  await expect(page.getByTestId('by-board').locator('tr[data-key="modstats"]')).toContainText('/modstats/3')
  await expect(page.getByTestId('by-staff')).toContainText('stats_mod_e2e3')
  await expect(page.getByRole('img', { name: 'Actions per day' })).toBeVisible()
  await page.getByText('Numbers per day').click()
  const today = page.getByTestId('actions-per-day').locator('tbody tr')
  await expect(today).toHaveCount(1)
  await expect(today).toContainText(new Date().toISOString().slice(0, 10))
  await page.screenshot({ path: 'test-results/admin-stats.png', fullPage: true })

  // The filters: another board has none of these actions; the period is kept in the address.
  await page.getByLabel('Board').selectOption('modquiet')
  await page.getByLabel('Period').selectOption('7')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/board_id=modquiet&range=7/)
  await expect(page.getByTestId('stats-total')).toHaveText('0')
  await expect(page.getByText('No actions in this period').first()).toBeVisible()

  await page.goto('/admin/settings')
  await expect(page.getByRole('heading', { name: 'Not authorized' })).toBeVisible()

  const janitorContext = await browser.newContext({ baseURL })
  const jan = await janitorContext.newPage()
  await staffLogin(jan, janitor.username, janitor.password)
  await expect(jan.getByRole('link', { name: 'Statistics' })).toHaveCount(0)
  await jan.goto('/admin/stats')
  await expect(jan.getByRole('heading', { name: 'Not authorized' })).toBeVisible()
  await jan.goto('/admin/settings')
  await expect(jan.getByRole('heading', { name: 'Not authorized' })).toBeVisible()
  await janitorContext.close()
})

test('an admin sets the contact text and link on /admin/settings, and /contact shows them', async ({
  page,
  server,
}) => {
  const admin = await createStaff(server.database, {
    username: 'contact_e2e',
    role: 'admin',
    password: 'contact password 1',
  })
  await page.goto('/contact')
  await expect(page.getByRole('link', { name: 'Read the rules' })).toBeVisible()

  await staffLogin(page, admin.username, admin.password)
  await page.goto('/admin/settings')
  const form = page.getByRole('region', { name: 'Contact' })
  await form.getByLabel('Link (optional').fill('javascript:alert(1)')
  await form.getByRole('button', { name: 'Save Contact' }).click()
  await expect(form.getByRole('alert')).toHaveText('Validation failed')
  await expect(form).toContainText('Contact link must be a web address')

  await form.getByLabel('Text').fill('Mail the staff; we answer within a day.')
  await form.getByLabel('Link (optional').fill('staff@example.org')
  await form.getByRole('button', { name: 'Save Contact' }).click()
  await expect(form.getByRole('status')).toHaveText('Contact details updated')
  await page.screenshot({ path: 'test-results/admin-contact.png', fullPage: true })

  await page.goto('/contact')
  await expect(page.getByTestId('contact-text')).toHaveText('Mail the staff; we answer within a day.')
  await expect(page.getByRole('link', { name: 'staff@example.org' })).toHaveAttribute(
    'href',
    'mailto:staff@example.org',
  )
  await expect(page.getByRole('link', { name: 'Read the rules' })).toHaveCount(0)
})
