// The 4chan-compatible API with S3 media storage (a real S3-compatible server, s3rver): the media and thumbnail
// paths redirect to the bucket's public URLs, whose bytes carry the md5 the thread file gives, also for a post
// whose md5 is computed later from the stored object.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { getFile, md5Base64, walkAll } from '../helpers/fourchan'
import { form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { startS3, type TestS3 } from '../helpers/s3'
import { startServer, type TestServer } from '../helpers/server'
import { sql } from '../helpers/sql'

const BUCKET = 'corkboard-4chan'
let s3: TestS3
let server: TestServer
let op: number

beforeAll(async () => {
  s3 = await startS3(BUCKET)
  server = await startServer({
    env: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PREFIX: 'cb/',
      S3_PUBLIC_URL: `${s3.endpoint}/${BUCKET}`,
    },
  })
  const res = await postForm(
    `${server.url}/api/boards/tech/threads`,
    form({ topic: 'On S3', content: 'bucket' }, { name: 'a.png', bytes: await png(200, 100) }),
  )
  expect(res.status).toBe(201)
  op = res.body.postId
})
afterAll(async () => {
  await server?.stop()
  await s3?.close()
})

it('redirects media and thumbnails to the bucket, and the walk finds every file with its md5', async () => {
  const { posts } = await getFile(server.url, `tech/thread/${op}.json`, 'thread')
  const media = await fetch(`${server.url}/api/4chan/tech/media/${op}.png`, { redirect: 'manual' })
  expect(media.status).toBe(302)
  expect(media.headers.get('location')).toMatch(
    new RegExp(`^${s3.endpoint}/${BUCKET}/cb/[0-9a-f]{2}/[0-9a-f]{64}\\.png$`),
  )
  const thumb = await fetch(`${server.url}/api/4chan/tech/media/${op}s.jpg`, { redirect: 'manual' })
  expect(thumb.headers.get('location')).toMatch(/-thumb\.webp$/)
  const bytes = Buffer.from(await (await fetch(media.headers.get('location')!)).arrayBuffer())
  expect(posts[0].md5).toBe(md5Base64(bytes))
  expect((await walkAll(server.url)).files).toBe(1)
})

it('computes the md5 of an older upload from the stored object', async () => {
  const before = (await getFile(server.url, `tech/thread/${op}.json`, 'thread')).posts[0].md5
  await sql(server.database, 'UPDATE posts SET media_md5 = NULL WHERE id = ?', op)
  const { posts } = await getFile(server.url, `tech/thread/${op}.json?again=1`, 'thread')
  expect(posts[0].md5).toBe(before)
  const [row] = await sql<{ media_md5: string }>(server.database, 'SELECT media_md5 FROM posts WHERE id = ?', op)
  expect(row.media_md5).toBe(before)
})
