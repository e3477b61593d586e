// Media storage behind one interface, with two backends: local disk (default) and S3-compatible object
// storage. Keys are relative names such as "ab/abcdef….webp"; the backend decides where they live and the
// URL a browser loads them from.
import type { Config } from '../config'
import { processSingleton } from '../process-singleton'
import type { MediaStorage } from './storage-backend'

export { isValidKey, type MediaStorage, type StoredObject } from './storage-backend'

export function createStorage(media: Config['media']): Promise<MediaStorage> {
  return media.kind === 'local'
    ? import('./local-storage').then((m) => new m.LocalStorage(media.dir, media.urlPrefix))
    : import('./s3-storage').then((m) => new m.S3Storage(media))
}

export async function getStorage(): Promise<MediaStorage> {
  const { getConfig } = await import('../config')
  return processSingleton('media', () => createStorage(getConfig().media))
}
