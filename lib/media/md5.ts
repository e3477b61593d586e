// The MD5 of a stored file as 4chan publishes it: the 16 digest bytes in base64 (24 characters). Computed from the
// bytes actually stored (metadata stripped), so it matches what a client downloads.
import { createHash } from 'node:crypto'

export function mediaMd5Of(body: Buffer): string {
  return createHash('md5').update(body).digest('base64')
}
