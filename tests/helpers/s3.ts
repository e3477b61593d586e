// A real S3-compatible server (s3rver) on an ephemeral port with one bucket, for the S3 storage tests.
import { mkdtempSync } from 'node:fs'
import { utimes } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'

export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

export interface TestS3 {
  endpoint: string
  client: S3Client
  /** Sets an object's LastModified (s3rver reports its file's mtime), to age an object without waiting. */
  setLastModified(key: string, when: Date): Promise<void>
  close(): Promise<void>
}

export async function startS3(bucket: string): Promise<TestS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'cb-s3-'))
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: S3_CREDENTIALS })
  await client.send(new CreateBucketCommand({ Bucket: bucket }))
  let closed = false
  return {
    endpoint,
    client,
    // s3rver keeps each object in a file named `<last key segment>._S3rver_object` under the bucket directory.
    setLastModified: (key, when) => utimes(`${path.join(directory, bucket, key)}._S3rver_object`, when, when),
    close: async () => {
      if (!closed) {
        closed = true
        await server.close()
      }
    },
  }
}
