// The housekeeping scenario shared by the local-disk and S3 tests: a clock moved 49 hours
// forward, threads dead for 49 and 47 hours, a live thread, and orphaned files older and younger than an hour.
import { randomBytes } from 'node:crypto'
import { expect } from 'vitest'
import { form, postForm } from './http'
import { png } from './media'
import type { TestServer } from './server'
import { sql } from './sql'

const HOUR = 3600_000

export interface StorageProbe {
  put(key: string, bytes: Buffer): Promise<void>
  exists(key: string): Promise<boolean>
  setLastModified(key: string, when: Date): Promise<void>
  /** The storage key of a media URL the API returned. */
  keyOf(url: string): string
}

async function threadWithImage(server: TestServer, topic: string, shade: number) {
  const res = await postForm(
    `${server.url}/api/boards/tech/threads`,
    form({ topic, content: 'c' }, { name: 'a.png', bytes: await png(30, 30, { r: shade, g: 90, b: 40 }) }),
  )
  expect(res.status).toBe(201)
  const [op] = (await (await fetch(`${server.url}/api/boards/tech/threads/${res.body.threadId}/posts`)).json()).posts
  return { id: res.body.threadId as number, files: [op.image_url as string, op.thumbnail_url as string] }
}

export async function housekeepingAfter49Hours(server: TestServer, storage: StorageProbe) {
  const [expired, stays, live] = [
    await threadWithImage(server, 'dead 49h', 10),
    await threadWithImage(server, 'dead 47h', 20),
    await threadWithImage(server, 'live', 30),
  ]
  const t0 = new Date()
  const now = new Date(t0.getTime() + 49 * HOUR)
  await sql(server.database, 'UPDATE threads SET is_dead = ?, died_at = ? WHERE id = ?', true, t0, expired.id)
  await sql(
    server.database,
    'UPDATE threads SET is_dead = ?, died_at = ? WHERE id = ?',
    true,
    new Date(t0.getTime() + 2 * HOUR),
    stays.id,
  )

  // Orphans: one written at t0 (49 hours old at `now`), one written 30 minutes before `now`.
  const oldOrphan = `zz/orphan-old-${randomBytes(6).toString('hex')}.png`
  const youngOrphan = `zz/orphan-young-${randomBytes(6).toString('hex')}.png`
  await storage.put(oldOrphan, await png(5, 5))
  await storage.put(youngOrphan, await png(6, 6))
  await storage.setLastModified(youngOrphan, new Date(now.getTime() - 0.5 * HOUR))

  const { runHousekeeping } = await import('@/lib/housekeeping/run')
  const results = await runHousekeeping('manual', now)

  expect(results.tasks.threadCleanup).toMatchObject({
    boardsChecked: 12,
    threadsMarkedDead: 0,
    threadsDeleted: 1,
    filesDeleted: 2,
  })
  expect(results.tasks.fileCleanup).toMatchObject({
    totalFiles: 6,
    databaseImages: 4,
    orphanedFiles: 1,
    deletedFiles: 1,
    errors: 0,
  })
  expect((await fetch(`${server.url}/api/boards/tech/threads/${expired.id}`)).status).toBe(404)
  expect((await (await fetch(`${server.url}/api/boards/tech/threads/${stays.id}`)).json()).thread).toMatchObject({
    is_dead: true,
  })
  for (const url of expired.files) expect(await storage.exists(storage.keyOf(url))).toBe(false)
  for (const url of [...stays.files, ...live.files]) expect(await storage.exists(storage.keyOf(url))).toBe(true)
  expect(await storage.exists(oldOrphan)).toBe(false)
  expect(await storage.exists(youngOrphan)).toBe(true)
  return results
}
