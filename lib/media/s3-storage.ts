// S3-compatible media storage (AWS S3, MinIO, R2, …). Objects live under a key prefix in one bucket and are
// loaded by browsers from a configurable public URL prefix, so the app never proxies media bytes.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import type { Config } from '../config'
import { type MediaStorage, type StoredObject, isValidKey } from './storage-backend'

type S3Config = Extract<Config['media'], { kind: 's3' }>

export class S3Storage implements MediaStorage {
  readonly kind = 's3' as const
  private readonly client: S3Client

  constructor(private readonly config: S3Config) {
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      // An unreachable or stuck service must fail an upload within seconds (503), not hold the request open.
      requestHandler: {
        connectionTimeout: 2_000,
        requestTimeout: 5_000,
        throwOnRequestTimeout: true,
        socketTimeout: 5_000,
      },
      maxAttempts: 2,
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
    })
  }

  private objectKey(key: string): string {
    if (!isValidKey(key)) throw new Error(`invalid media key: ${key}`)
    return this.config.prefix + key
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: this.objectKey(key),
        Body: body,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    )
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }))
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }))
      return true
    } catch (err) {
      if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false
      throw err
    }
  }

  async read(key: string): Promise<Buffer | null> {
    if (!isValidKey(key)) return null
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }),
      )
      return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null
    } catch (err) {
      if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null
      throw err
    }
  }

  async *list(): AsyncIterable<StoredObject> {
    let token: string | undefined
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.config.bucket,
          Prefix: this.config.prefix,
          ContinuationToken: token,
        }),
      )
      for (const obj of page.Contents ?? []) {
        const key = obj.Key?.slice(this.config.prefix.length)
        if (key && isValidKey(key)) yield { key, lastModified: obj.LastModified ?? new Date(0), size: obj.Size ?? 0 }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
  }

  publicUrl(key: string): string {
    return `${this.config.publicUrl}/${this.objectKey(key)}`
  }

  keyFromUrl(url: string): string | null {
    const base = `${this.config.publicUrl}/${this.config.prefix}`
    if (!url.startsWith(base)) return null
    const key = url.slice(base.length)
    return isValidKey(key) ? key : null
  }

  async healthy(): Promise<boolean> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.config.bucket }))
      return true
    } catch {
      return false
    }
  }
}
