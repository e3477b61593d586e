// The whole server with S3 media storage against a real S3-compatible server (s3rver): uploads land in the
// bucket under the configured prefix, posts point at the public URL, and health follows the bucket.
import { ListObjectsV2Command } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { startS3 } from '../helpers/s3'
import { startServer, type TestServer } from '../helpers/server'

const BUCKET = 'corkboard-media'
let s3rver: Awaited<ReturnType<typeof startS3>>
let endpoint: string
let server: TestServer

beforeAll(async () => {
  s3rver = await startS3(BUCKET)
  endpoint = s3rver.endpoint
  server = await startServer({
    env: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PREFIX: 'cb/',
      S3_PUBLIC_URL: `${endpoint}/${BUCKET}`,
    },
  })
})
afterAll(async () => {
  await server?.stop()
  await s3rver?.close()
})

it('stores uploads in the bucket and links posts to the public URL', async () => {
  expect(server.output()).toContain('media: s3')
  const res = await postForm(
    `${server.url}/api/boards/tech/threads`,
    form({ topic: 'S3', content: 'bucket' }, { name: 'a.png', bytes: await png(50, 50) }),
  )
  expect(res.status).toBe(201)
  const [op] = (await (await fetch(`${server.url}/api/boards/tech/threads/${res.body.threadId}/posts`)).json()).posts
  expect(op.image_url).toMatch(new RegExp(`^${endpoint}/${BUCKET}/cb/[0-9a-f]{2}/[0-9a-f]{64}\\.png$`))
  const image = await fetch(op.image_url)
  expect(image.status).toBe(200)
  expect(image.headers.get('content-type')).toBe('image/png')
  const listed = await s3rver.client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'cb/' }))
  expect(listed.Contents?.map((o) => o.Key).sort()).toEqual(
    [
      op.image_url.slice(`${endpoint}/${BUCKET}/`.length),
      op.thumbnail_url.slice(`${endpoint}/${BUCKET}/`.length),
    ].sort(),
  )
  expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
})

it('reports storage down when the bucket is unreachable', async () => {
  await s3rver.close()
  const res = await fetch(`${server.url}/api/health`)
  expect(res.status).toBe(503)
  expect((await res.json()).checks).toEqual({ database: 'ok', storage: 'error' })
})
