// Local-disk media storage: files under one directory, served by server.ts under a fixed URL prefix.
import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import { mkdir, readdir, readFile, rm, stat, statfs, writeFile, rename, access } from 'node:fs/promises'
import path from 'node:path'
import { type MediaStorage, type StoredObject, isValidKey } from './storage-backend'

// A file being written is named "<key>.<random>.tmp" until it is renamed to its key; a crash between the two
// leaves the temporary file behind for housekeeping.
const TEMP_SUFFIX = '.tmp'
const TEMP_TAIL = /\.[0-9a-f]{12}\.tmp$/

/** The key a temporary file was being written for, or null when the name is not one of our temporary files. */
function keyOfTempFile(relative: string): string | null {
  if (!TEMP_TAIL.test(relative)) return null
  const key = relative.replace(TEMP_TAIL, '')
  return isValidKey(key) ? key : null
}

export class LocalStorage implements MediaStorage {
  readonly kind = 'local' as const
  constructor(
    readonly dir: string,
    readonly urlPrefix: string,
  ) {}

  /** The file for a key, or null when the key is not one of ours (this is the path-traversal guard). */
  pathFor(key: string): string | null {
    return isValidKey(key) ? path.join(this.dir, key) : null
  }

  async put(key: string, body: Buffer, _contentType?: string): Promise<void> {
    const file = this.pathFor(key)
    if (!file) throw new Error(`invalid media key: ${key}`)
    // Write to a temporary name and rename, so a reader never sees a half-written file.
    const tmp = `${file}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`
    try {
      await this.writeMakingItsDir(tmp, body)
      await rename(tmp, file)
    } catch (err) {
      // A failed write (full disk, I/O error) leaves no partial file behind.
      await rm(tmp, { force: true }).catch(() => {})
      throw err
    }
  }

  /** Directories this process made or found (one a key prefix, 256 in all): not made again on each upload. */
  private readonly knownDirs = new Set<string>()

  private async writeMakingItsDir(file: string, body: Buffer): Promise<void> {
    const dir = path.dirname(file)
    if (this.knownDirs.has(dir)) {
      try {
        return await writeFile(file, body)
      } catch (err) {
        // Removed behind this process's back (an operator's clean-up): made again below.
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
      }
    }
    await mkdir(dir, { recursive: true })
    this.knownDirs.add(dir)
    await writeFile(file, body)
  }

  async delete(key: string): Promise<void> {
    const file = this.pathFor(key)
    if (file) await rm(file, { force: true })
  }

  async exists(key: string): Promise<boolean> {
    const file = this.pathFor(key)
    return file
      ? access(file).then(
          () => true,
          () => false,
        )
      : false
  }

  async read(key: string): Promise<Buffer | null> {
    const file = this.pathFor(key)
    if (!file) return null
    return readFile(file).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null
      throw err
    })
  }

  async *list(): AsyncIterable<StoredObject> {
    const shards = await readdir(this.dir, { withFileTypes: true }).catch(() => [])
    for (const shard of shards) {
      if (!shard.isDirectory()) continue
      for (const name of await readdir(path.join(this.dir, shard.name))) {
        const key = `${shard.name}/${name}`
        if (!isValidKey(key)) continue
        const s = await stat(path.join(this.dir, key)).catch(() => null)
        if (s?.isFile()) yield { key, lastModified: s.mtime, size: s.size }
      }
    }
  }

  /** Deletes temporary files last modified before `before` (left by a crash mid-write); returns how many. */
  async removeStaleTempFiles(before: Date): Promise<number> {
    let removed = 0
    const shards = await readdir(this.dir, { withFileTypes: true }).catch(() => [])
    for (const shard of shards) {
      if (!shard.isDirectory()) continue
      for (const name of await readdir(path.join(this.dir, shard.name)).catch(() => [])) {
        if (!keyOfTempFile(`${shard.name}/${name}`)) continue
        const file = path.join(this.dir, shard.name, name)
        const s = await stat(file).catch(() => null)
        if (!s?.isFile() || s.mtime >= before) continue
        await rm(file, { force: true })
        removed++
      }
    }
    return removed
  }

  /** Bytes an unprivileged writer can still use on the media directory's file system. */
  async freeBytes(): Promise<number> {
    await mkdir(this.dir, { recursive: true })
    const s = await statfs(this.dir)
    return Number(s.bavail) * Number(s.bsize)
  }

  publicUrl(key: string): string {
    return `${this.urlPrefix}/${key}`
  }

  keyFromUrl(url: string): string | null {
    if (!url.startsWith(this.urlPrefix + '/')) return null
    const key = url.slice(this.urlPrefix.length + 1)
    return isValidKey(key) ? key : null
  }

  async healthy(): Promise<boolean> {
    try {
      await mkdir(this.dir, { recursive: true })
      await access(this.dir, constants.W_OK)
      return true
    } catch {
      return false
    }
  }
}
