import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, parseConfig } from '@/lib/config'

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'cb-config-'))

describe('parseConfig', () => {
  it('defaults to SQLite and local media under the data directory', () => {
    const dir = tmp()
    const c = parseConfig({ DATA_DIR: dir })
    expect(c.port).toBe(3000)
    expect(c.database).toEqual({ provider: 'sqlite', url: `file:${path.join(dir, 'corkboard.db')}` })
    expect(c.media).toEqual({ kind: 'local', dir: path.join(dir, 'media'), urlPrefix: '/media' })
    expect(c.trustProxyHops).toBe(0)
    expect(c.redisUrl).toBeUndefined()
    expect(c.dbStatementLog).toBe(false)
  })

  it('logs statement counts only when DB_STATEMENT_LOG is true', () => {
    expect(parseConfig({ DATA_DIR: tmp(), DB_STATEMENT_LOG: 'true' }).dbStatementLog).toBe(true)
    expect(parseConfig({ DATA_DIR: tmp(), DB_STATEMENT_LOG: 'false' }).dbStatementLog).toBe(false)
  })

  it('keeps SQLite at synchronous=NORMAL unless SQLITE_SYNCHRONOUS=FULL, and statements to 3 s by default', () => {
    expect(parseConfig({ DATA_DIR: tmp() }).sqliteSynchronous).toBe('NORMAL')
    expect(parseConfig({ DATA_DIR: tmp(), SQLITE_SYNCHRONOUS: 'FULL' }).sqliteSynchronous).toBe('FULL')
    expect(parseConfig({ DATA_DIR: tmp() }).dbQueryTimeoutMs).toBe(3000)
    expect(parseConfig({ DATA_DIR: tmp(), DB_QUERY_TIMEOUT_MS: '10000' }).dbQueryTimeoutMs).toBe(10000)
  })

  it('refuses duplicate texts for 10 minutes and files for an hour unless the environment says otherwise', () => {
    expect(parseConfig({ DATA_DIR: tmp() }).duplicateWindows).toEqual({ textSeconds: 600, fileSeconds: 3600 })
    const off = parseConfig({ DATA_DIR: tmp(), DUPLICATE_TEXT_SECONDS: '0', DUPLICATE_FILE_SECONDS: '0' })
    expect(off.duplicateWindows).toEqual({ textSeconds: 0, fileSeconds: 0 })
    expect(() => parseConfig({ DATA_DIR: tmp(), DUPLICATE_TEXT_SECONDS: '-1' })).toThrow(/DUPLICATE_TEXT_SECONDS/)
    expect(() => parseConfig({ DATA_DIR: tmp(), DUPLICATE_FILE_SECONDS: 'soon' })).toThrow(/DUPLICATE_FILE_SECONDS/)
  })

  it('switches to PostgreSQL for a postgres:// URL', () => {
    const c = parseConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://u@db.example:5432/corkboard' })
    expect(c.database.provider).toBe('postgresql')
  })

  it('switches to S3 when S3_BUCKET is set', () => {
    const c = parseConfig({
      DATA_DIR: tmp(),
      S3_BUCKET: 'media-bucket',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
    })
    expect(c.media).toMatchObject({
      kind: 's3',
      bucket: 'media-bucket',
      forcePathStyle: true,
      publicUrl: 'http://127.0.0.1:9000/media-bucket',
      prefix: 'media/',
    })
  })

  it.each([
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_URL', 'postgres://'],
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['TRUST_PROXY_HOPS', '-1'],
    ['REDIS_URL', 'localhost:6379'],
    ['SESSION_SECRET', 'short'],
    ['S3_ENDPOINT', 'not a url'],
    ['PROXY_CIDRS', '10.0.0.0/8,nonsense'],
    ['RATE_LIMITS', '{"threadCreate":{"points":-1}}'],
    ['DB_STATEMENT_LOG', 'yes'],
    ['SQLITE_SYNCHRONOUS', 'OFF'],
    ['DB_QUERY_TIMEOUT_MS', '10'],
  ])('names the variable when %s=%s is bad', (name, value) => {
    expect(() => parseConfig({ DATA_DIR: tmp(), [name]: value })).toThrow(ConfigError)
    expect(() => parseConfig({ DATA_DIR: tmp(), [name]: value })).toThrow(
      new RegExp(`^Invalid configuration:\\n\\s+${name}: `),
    )
  })

  it('generates missing secrets once, keeps them private and reuses them', () => {
    const dir = tmp()
    const first = parseConfig({ DATA_DIR: dir })
    const second = parseConfig({ DATA_DIR: dir })
    expect(first.sessionSecret).toHaveLength(43)
    expect(first.posterIdSecret).not.toBe(first.sessionSecret)
    expect(second.sessionSecret).toBe(first.sessionSecret)
    expect(second.posterIdSecret).toBe(first.posterIdSecret)
    const file = path.join(dir, 'secrets.json')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(JSON.parse(readFileSync(file, 'utf8')).sessionSecret).toBe(first.sessionSecret)
  })

  it('prefers secrets from the environment', () => {
    const c = parseConfig({ DATA_DIR: tmp(), SESSION_SECRET: 's'.repeat(32), POSTER_ID_SECRET: 'p'.repeat(40) })
    expect(c.sessionSecret).toBe('s'.repeat(32))
    expect(c.posterIdSecret).toBe('p'.repeat(40))
  })
})
