// Both storage backends against real storage: a directory on disk, and an S3-compatible HTTP server (s3rver).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LocalStorage } from '@/lib/media/local-storage'
import { S3Storage } from '@/lib/media/s3-storage'
import type { MediaStorage } from '@/lib/media/storage'
import { startS3 } from '../helpers/s3'

const BUCKET = 'corkboard-test'
let s3: Awaited<ReturnType<typeof startS3>>
let endpoint: string

beforeAll(async () => {
  s3 = await startS3(BUCKET)
  endpoint = s3.endpoint
})
afterAll(async () => {
  await s3?.close()
})

const backends: Array<[string, () => MediaStorage]> = [
  ['local disk', () => new LocalStorage(mkdtempSync(path.join(os.tmpdir(), 'cb-media-')), '/media')],
  [
    'S3',
    () =>
      new S3Storage({
        kind: 's3',
        bucket: BUCKET,
        region: 'us-east-1',
        endpoint,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
        publicUrl: `${endpoint}/${BUCKET}`,
        prefix: `run${Date.now()}/`,
      }),
  ],
]

describe.each(backends)('%s storage', (_name, make) => {
  it('stores, lists, maps URLs and deletes objects', async () => {
    const storage = make()
    const key = 'ab/abcdef0123456789.png'
    expect(await storage.healthy()).toBe(true)
    expect(await storage.exists(key)).toBe(false)
    await storage.put(key, Buffer.from('png bytes'), 'image/png')
    expect(await storage.exists(key)).toBe(true)
    const listed = []
    for await (const o of storage.list()) listed.push(o)
    expect(listed.map((o) => o.key)).toEqual([key])
    expect(listed[0].size).toBe(9)
    expect(Date.now() - listed[0].lastModified.getTime()).toBeLessThan(60_000)
    const url = storage.publicUrl(key)
    expect(storage.keyFromUrl(url)).toBe(key)
    expect(storage.keyFromUrl('https://elsewhere.example/ab/abcdef0123456789.png')).toBeNull()
    await storage.delete(key)
    expect(await storage.exists(key)).toBe(false)
  })

  it('refuses keys that are not its own', async () => {
    const storage = make()
    for (const key of ['../secrets.json', 'ab/../../x.png', 'AB/abcdef0123456789.png', 'ab/abcdef0123456789.exe']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow('invalid media key')
    }
  })
})

it('S3 objects are readable at their public URL with their content type', async () => {
  const storage = backends[1][1]()
  await storage.put('cd/0123456789abcdef.webp', Buffer.from('webp'), 'image/webp')
  const res = await fetch(storage.publicUrl('cd/0123456789abcdef.webp'))
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('image/webp')
  expect(await res.text()).toBe('webp')
})

it('local storage writes files under its directory only', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cb-media-'))
  const storage = new LocalStorage(dir, '/media')
  await storage.put('ef/0123456789abcdef.gif', Buffer.from('gif'), 'image/gif')
  expect(existsSync(path.join(dir, 'ef/0123456789abcdef.gif'))).toBe(true)
})

it('local storage makes a key directory again when it was removed behind its back', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cb-media-'))
  const storage = new LocalStorage(dir, '/media')
  await storage.put('ab/0123456789abcdef.png', Buffer.from('one'), 'image/png')
  // An operator's clean-up removes the directory while the server runs; the next upload into it still lands.
  rmSync(path.join(dir, 'ab'), { recursive: true })
  await storage.put('ab/fedcba9876543210.png', Buffer.from('two'), 'image/png')
  expect(readFileSync(path.join(dir, 'ab/fedcba9876543210.png'), 'utf8')).toBe('two')
  expect(readdirSync(path.join(dir, 'ab'))).toEqual(['fedcba9876543210.png'])
})
