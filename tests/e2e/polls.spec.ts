import type { Page } from '@playwright/test'
import { test, expect } from './fixtures'
import { png } from '../helpers/media'

const counts = (page: Page) => page.getByTestId('poll').getByTestId('poll-count').allTextContents()

test('a multiple-choice poll: vote from two visitors, change, rescind, correlations, all live', async ({
  browser,
  baseURL,
}) => {
  const alice = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.11' } })
  const bob = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.12' } })
  const a = await alice.newPage()
  const b = await bob.newPage()

  // Alice creates a thread with a poll; the form checks the poll first.
  await a.goto('/board/tech/create-thread')
  await a.getByLabel('Topic').fill('Editors poll')
  await a.getByLabel('Content').fill('Vote below')
  await a.getByLabel('Image or video').setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: await png() })
  await a.getByLabel('Add a poll').check()
  await a.getByRole('button', { name: 'Create Thread' }).click()
  await expect(a.locator('form').getByRole('alert')).toContainText('Survey question is required')
  await expect(a.locator('form').getByRole('alert')).toContainText('Survey must have at least 2 options')
  await a.getByLabel('Multiple choice').check()
  await a.getByLabel('Question').fill('Which editors do you use?')
  await a.getByLabel('Option 1', { exact: true }).fill('Vim')
  await a.getByLabel('Option 2', { exact: true }).fill('Emacs')
  await a.getByRole('button', { name: '+ Add option' }).click()
  await a.getByLabel('Option 3', { exact: true }).fill('Nano')
  await a.getByRole('button', { name: 'Create Thread' }).click()
  await a.waitForURL(/\/board\/tech\/thread\/\d+$/)
  const url = a.url()

  const poll = a.getByTestId('poll')
  await expect(poll).toContainText('Which editors do you use?')
  await poll.getByRole('button', { name: 'Vote', exact: true }).click()
  await expect(poll.getByRole('alert')).toHaveText('Please select at least one option')
  await poll.getByLabel('Vim').check()
  await poll.getByLabel('Emacs').check()
  await poll.getByRole('button', { name: 'Vote', exact: true }).click()
  await expect.poll(() => counts(a)).toEqual(['1 (100%)', '1 (100%)', '0 (0%)'])

  // Bob looks at the results first, goes back, and votes.
  await b.goto(url)
  const bobPoll = b.getByTestId('poll')
  await bobPoll.getByRole('button', { name: 'View Results' }).click()
  await expect.poll(() => counts(b)).toEqual(['1 (100%)', '1 (100%)', '0 (0%)'])
  await bobPoll.getByRole('button', { name: 'Back to Voting' }).click()
  await bobPoll.getByLabel('Vim').check()
  await bobPoll.getByRole('button', { name: 'Vote', exact: true }).click()
  await expect.poll(() => counts(b)).toEqual(['2 (100%)', '1 (50%)', '0 (0%)'])
  // Alice sees Bob's vote without reloading.
  await expect.poll(() => counts(a), { timeout: 3000 }).toEqual(['2 (100%)', '1 (50%)', '0 (0%)'])

  // Bob watches the correlations while Alice changes her vote.
  await bobPoll.getByRole('button', { name: 'Show correlations' }).click()
  await expect(bobPoll.getByTestId('poll-correlations')).toContainText('Vim + Emacs')
  await poll.getByRole('button', { name: 'Change Vote' }).click()
  await poll.getByLabel('Vim').uncheck()
  await poll.getByLabel('Emacs').uncheck()
  await poll.getByLabel('Nano').check()
  await poll.getByRole('button', { name: 'Update Vote' }).click()
  await expect.poll(() => counts(b), { timeout: 3000 }).toEqual(['1 (50%)', '0 (0%)', '1 (50%)'])
  await expect(bobPoll.getByTestId('poll-correlations')).toHaveText('No options chosen together yet.', {
    timeout: 3000,
  })

  // Alice rescinds; Bob sees one response left.
  await poll.getByRole('button', { name: 'Change Vote' }).click()
  await poll.getByRole('button', { name: 'Rescind Vote' }).click()
  await expect(poll.getByRole('button', { name: 'Vote', exact: true })).toBeVisible()
  await expect(bobPoll).toContainText('1 response', { timeout: 3000 })
  await b.screenshot({ path: 'test-results/poll.png', fullPage: true })

  // The poll is in the server-rendered HTML.
  const html = await (await fetch(url)).text()
  expect(html).toContain('Which editors do you use?')
  expect(html).toContain('Nano')
  await alice.close()
  await bob.close()
})

test('polls in archived threads are dimmed, badged and cannot be voted in', async ({ page, baseURL, server }) => {
  const { form, postForm } = await import('../helpers/http')
  const { sql } = await import('../helpers/sql')
  const t = await postForm(
    `${baseURL}/api/boards/science/threads`,
    form({ topic: 'Old poll', content: 'op' }, { name: 'a.png', bytes: await png() }),
  )
  const cookie = t.headers.get('set-cookie')!.split(';')[0]
  await fetch(`${baseURL}/api/boards/science/threads/${t.body.threadId}/posts/${t.body.postId}/survey`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify({ survey_type: 'single', question: 'Still open?', options: ['Yes', 'No'] }),
  })
  await sql(
    server.database,
    'UPDATE threads SET is_dead = ?, died_at = ? WHERE id = ?',
    true,
    new Date(),
    t.body.threadId,
  )
  await page.goto(`/board/science/thread/${t.body.threadId}`)
  const poll = page.getByTestId('poll')
  await expect(poll).toContainText('Still open?')
  await expect(poll.getByText('Archived', { exact: true })).toBeVisible()
  await expect(poll).toHaveClass(/opacity-60/)
  await expect(poll.getByRole('button', { name: 'Vote', exact: true })).toHaveCount(0)
  await expect(poll.getByRole('radio')).toHaveCount(0)
})
