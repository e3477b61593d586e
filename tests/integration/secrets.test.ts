// The shared secrets table (lib/db/secrets.ts): a secret is made once, and callers that race to make it, in this
// process and in the server's, all end with the one value stored.
import { expect, it } from 'vitest'
import { withInProcessServer } from '../helpers/in-process'
import { sql } from '../helpers/sql'

const server = withInProcessServer()

const stored = (name: string) =>
  sql<{ value: string }>(server().database, 'SELECT value FROM secrets WHERE name = ?', name)

it('creates a secret once, in the encoding asked for, and returns it again', async () => {
  const { getOrCreateSecret } = await import('@/lib/db/secrets')
  const hex = await getOrCreateSecret('test_hex', 'hex')
  expect(hex).toMatch(/^[0-9a-f]{64}$/)
  expect(await getOrCreateSecret('test_hex', 'hex')).toBe(hex)
  expect(Buffer.from(await getOrCreateSecret('test_base64', 'base64'), 'base64')).toHaveLength(32)
  expect(await stored('test_hex')).toEqual([{ value: hex }])
})

it('gives every caller racing to create a secret the same one value', async () => {
  const { getOrCreateSecret } = await import('@/lib/db/secrets')
  const values = await Promise.all(Array.from({ length: 6 }, () => getOrCreateSecret('test_race', 'hex')))
  expect(new Set(values).size).toBe(1)
  expect(await stored('test_race')).toEqual([{ value: values[0] }])
})

it('shares the captcha key with the server process when both create it at once', async () => {
  const { getOrCreateSecret } = await import('@/lib/db/secrets')
  const { CAPTCHA_SECRET_NAME } = await import('@/lib/captcha/keys')
  const [challenge, mine] = await Promise.all([
    fetch(`${server().url}/api/captcha`),
    getOrCreateSecret(CAPTCHA_SECRET_NAME, 'hex'),
  ])
  expect(challenge.status).toBe(200)
  expect(await stored(CAPTCHA_SECRET_NAME)).toEqual([{ value: mine }])
})
