// Housekeeping's file and thread tasks against S3-compatible storage (a real s3rver): the same 49-hour scenario as
// on local disk, with objects listed and deleted under the configured prefix only.
import { HeadObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { housekeepingAfter49Hours } from '../helpers/housekeeping'
import { useServerConfig } from '../helpers/in-process'
import { startS3, type TestS3 } from '../helpers/s3'
import { startServer, type TestServer } from '../helpers/server'

const BUCKET = 'hk-media'
const PREFIX = 'cb/'
let s3: TestS3
let server: TestServer

beforeAll(async () => {
  s3 = await startS3(BUCKET)
  const env = {
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: s3.endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PREFIX: PREFIX,
    S3_PUBLIC_URL: `${s3.endpoint}/${BUCKET}`,
  }
  server = await startServer({ env })
  useServerConfig(server, env)
})
afterAll(async () => {
  await (await import('@/lib/db/client')).closeDb()
  await server?.stop()
  await s3?.close()
})

it('deletes expired threads with their objects and old orphaned objects; keeps young ones and foreign keys', async () => {
  // An object outside Corkboard's prefix is not Corkboard's to delete, however old.
  await s3.client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'other-app/old.png', Body: 'x' }))
  await s3.setLastModified('other-app/old.png', new Date(Date.now() - 100 * 3600_000))

  await housekeepingAfter49Hours(server, {
    put: async (key, bytes) => {
      await s3.client.send(new PutObjectCommand({ Bucket: BUCKET, Key: PREFIX + key, Body: bytes }))
    },
    exists: (key) =>
      s3.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: PREFIX + key })).then(
        () => true,
        () => false,
      ),
    setLastModified: (key, when) => s3.setLastModified(PREFIX + key, when),
    keyOf: (url) => url.slice(`${s3.endpoint}/${BUCKET}/${PREFIX}`.length),
  })
  const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'other-app/' }))
  expect(listed.Contents?.map((o) => o.Key)).toEqual(['other-app/old.png'])
})
