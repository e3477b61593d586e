// Logging in through the staff login page, as a person would.
import type { Page } from '@playwright/test'

export async function staffLogin(page: Page, username: string, password: string) {
  await page.goto('/admin/login')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL(/\/admin\/dashboard$/)
}
