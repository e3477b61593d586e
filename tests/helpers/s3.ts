// A real S3-compatible server (s3rver) on an ephemeral port with one bucket, for the S3 storage tests.
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3'

export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

export async function startS3(bucket: string): Promise<{ endpoint: string; client: S3Client; close(): Promise<void> }> {
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: mkdtempSync(path.join(os.tmpdir(), 'cb-s3-')) })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: S3_CREDENTIALS })
  await client.send(new CreateBucketCommand({ Bucket: bucket }))
  let closed = false
  return { endpoint, client, close: async () => { if (!closed) { closed = true; await server.close() } } }
}
