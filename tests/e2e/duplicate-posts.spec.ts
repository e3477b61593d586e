// The duplicate-post refusal as posters see it, with JavaScript and without: the forms say why and keep the text.
// This file's server has the rule on (other e2e servers run with it off, as they post the same things many times).
import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'

test.use({ serverEnv: { DUPLICATE_TEXT_SECONDS: '600', DUPLICATE_FILE_SECONDS: '3600' } })

const TEXT_REFUSAL = 'This text was already posted on this board in the last 10 minutes. Please write something new.'
const FILE_REFUSAL = 'This file was already posted in another thread on this board in the last hour.'
let shade = 0
const picture = () => png(36, 36, { r: 40, g: shade++, b: 160 })

async function newThread(baseURL: string, content: string, bytes?: Buffer) {
  const res = await postForm(
    `${baseURL}/api/boards/diy/threads`,
    form({ topic: 'Duplicates', content }, { name: 'a.png', bytes: bytes ?? (await picture()) }),
    as('198.51.100.150'),
  )
  expect(res.status).toBe(201)
  return res.body.threadId as number
}

async function replyTwice(page: Page, text: string) {
  const reply = page.getByRole('form', { name: 'Reply' })
  await reply.getByRole('textbox').fill(text)
  await reply.getByRole('button', { name: 'Post Reply' }).click()
  await expect(page.locator('article', { hasText: text }).first()).toBeVisible()
  // The post may show (live) before the form has cleared itself after sending: fill it again only once it has.
  await expect(reply.getByRole('textbox')).toHaveValue('')
  const again = `  ${text.toUpperCase()}  `
  await page.getByRole('form', { name: 'Reply' }).getByRole('textbox').fill(again)
  await page.getByRole('form', { name: 'Reply' }).getByRole('button', { name: 'Post Reply' }).click()
  await expect(page.getByRole('form', { name: 'Reply' }).getByRole('alert')).toHaveText(TEXT_REFUSAL)
  await expect(page.getByRole('form', { name: 'Reply' }).getByRole('textbox')).toHaveValue(again)
}

for (const javaScriptEnabled of [true, false]) {
  test(`a repeated reply is refused with the reason and the text kept (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    const threadId = await newThread(baseURL, `Thread for repeats ${javaScriptEnabled}`)
    const context = await browser.newContext({
      javaScriptEnabled,
      extraHTTPHeaders: { 'X-Forwarded-For': javaScriptEnabled ? '198.51.100.151' : '198.51.100.152' },
    })
    const page = await context.newPage()
    await page.goto(`${baseURL}/board/diy/thread/${threadId}`)
    await replyTwice(page, `Same words twice ${javaScriptEnabled ? 'with' : 'without'} scripts`)
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 })
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      await page
        .getByRole('form', { name: 'Reply' })
        .screenshot({ path: testInfo.outputPath(`duplicate-${javaScriptEnabled ? 'js' : 'nojs'}-${width}.png`) })
    }
    // The post is stored once.
    const posts = await (await fetch(`${baseURL}/api/boards/diy/threads/${threadId}/posts`)).json()
    expect(posts.posts.filter((p: { content: string }) => /same words twice/i.test(p.content))).toHaveLength(1)
    await context.close()
  })
}

test('a new thread with a file from another thread is refused without JavaScript, the text kept', async ({
  browser,
  baseURL,
}) => {
  const bytes = await picture()
  await newThread(baseURL, 'The first thread with this picture', bytes)
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.153' },
  })
  const page = await context.newPage()
  await page.goto(`${baseURL}/board/diy/create-thread`)
  const thread = page.getByRole('form', { name: 'Create thread' })
  await thread.getByLabel('Topic').fill('Same picture again')
  await thread.getByLabel('Content').fill('Posting it in a second thread')
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'corkboard-dup-')), 'again.png')
  writeFileSync(file, bytes)
  await thread.getByLabel('Image or video').setInputFiles(file)
  await thread.getByRole('button', { name: 'Create Thread' }).click()
  await expect(page.getByRole('form', { name: 'Create thread' }).getByRole('alert')).toHaveText(FILE_REFUSAL)
  await expect(page.getByRole('form', { name: 'Create thread' }).getByLabel('Content')).toHaveValue(
    'Posting it in a second thread',
  )
  await context.close()
})
