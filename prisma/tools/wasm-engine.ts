// Drives @prisma/schema-engine-wasm from Node for developer tooling (creating migrations, the drift check).
// The Prisma 7 CLI cannot migrate offline; this follows the tested recipe in shared/notes/prisma-offline.md,
// including its adapter workarounds (numbered as in the note). Production start-up does not use this file:
// lib/db/migrate.ts applies the committed SQL itself.
import { randomUUID } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3'
import { PrismaPg } from '@prisma/adapter-pg'
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils'
import pg from 'pg'

const require = createRequire(import.meta.url)

export type Provider = 'sqlite' | 'postgresql'

/* eslint-disable @typescript-eslint/no-explicit-any -- the wasm glue and adapter internals are untyped */
let loaded: Promise<any> | undefined

// The glue module holds one wasm instance; load it once per process.
function loadSchemaEngine(): Promise<any> {
  return (loaded ??= instantiate())
}

async function instantiate(): Promise<any> {
  ;(globalThis as any).PRISMA_WASM_PANIC_REGISTRY ??= { set_message() {} }
  const glue: any = await import('@prisma/schema-engine-wasm/schema_engine_bg')
  const file = path.join(
    path.dirname(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg')),
    'schema_engine_bg.wasm',
  )
  const imports: Record<string, unknown> = { ...glue }
  for (const k of Object.keys(imports)) {
    // Workaround 5: the glue never clears its timers; unref them so scripts exit promptly.
    if (k.startsWith('__wbg_setTimeout_')) {
      imports[k] = (f: () => void, ms: number) => {
        const t = setTimeout(f, ms >>> 0)
        t.unref()
        return t
      }
    }
  }
  const instance = new WebAssembly.Instance(new WebAssembly.Module(await readFile(file)), {
    './schema_engine_bg.js': imports as any,
  })
  glue.__wbg_set_wasm(instance.exports)
  ;(instance.exports as any).__wbindgen_start()
  return glue.SchemaEngine
}

// Workaround 2: adapter-pg cannot deserialise PostgreSQL's internal "char" (OID 18); report it as text.
function patchCharColumns(queryable: any): any {
  const performIO = queryable.performIO?.bind(queryable)
  if (performIO) {
    queryable.performIO = async (...args: unknown[]) => {
      const result = await performIO(...args)
      for (const field of result?.fields ?? []) if (field.dataTypeID === 18) field.dataTypeID = 25
      return result
    }
  }
  const startTransaction = queryable.startTransaction?.bind(queryable)
  if (startTransaction)
    queryable.startTransaction = async (...a: unknown[]) => patchCharColumns(await startTransaction(...a))
  return queryable
}

// Workaround 6: adapter-pg's executeScript splits a migration on every ';', which cuts dollar-quoted function
// bodies apart. PostgreSQL runs a multi-statement script sent as one simple query, as the Prisma CLI does.
function wholeScripts(adapter: any): any {
  adapter.executeScript = async (script: string) => {
    try {
      await adapter.client.query(script)
    } catch (err) {
      adapter.onError(err)
    }
  }
  return adapter
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = '/' + database
  return u.toString()
}

// Workaround 3: the stock connectToShadowDb points at the main database when given a URL. Create a real
// temporary database, connect to it explicitly, and drop it after closing the pool.
function pgFactory(url: string): any {
  const factory: any = new PrismaPg({ connectionString: url })
  const connect = factory.connect.bind(factory)
  factory.connect = async () => patchCharColumns(await connect())
  factory.connectToShadowDb = async () => {
    const shadowName = `prisma_shadow_${randomUUID().replaceAll('-', '')}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`CREATE DATABASE "${shadowName}"`)
    await admin.end()
    const shadowFactory = new PrismaPg({ connectionString: withDatabase(url, shadowName) })
    const adapter: any = wholeScripts(patchCharColumns(await shadowFactory.connect()))
    const dispose = adapter.dispose.bind(adapter)
    adapter.dispose = async () => {
      await dispose()
      const cleanup = new pg.Client({ connectionString: url })
      await cleanup.connect()
      await cleanup.query(`DROP DATABASE IF EXISTS "${shadowName}"`)
      await cleanup.end()
    }
    return adapter
  }
  return factory
}

function sqliteFactory(url: string): any {
  const factory: any = new PrismaBetterSqlite3({ url })
  // Workaround 1: shadow replay sends whole migration files through executeRaw; run them as scripts.
  const shadow = factory.connectToShadowDb.bind(factory)
  factory.connectToShadowDb = async () => {
    const adapter = await shadow()
    const raw = adapter.executeRaw.bind(adapter)
    adapter.executeRaw = async (q: any) => (q.args.length ? raw(q) : (await adapter.executeScript(q.sql), 0))
    return adapter
  }
  return factory
}

export interface OpenEngine {
  engine: any
  close(): Promise<void>
}

export async function openEngine(
  provider: Provider,
  url: string,
  schema?: { path: string; content: string },
): Promise<OpenEngine> {
  const SchemaEngine = await loadSchemaEngine()
  const factory = provider === 'sqlite' ? sqliteFactory(url) : pgFactory(url)
  const opened: any[] = []
  const connect = factory.connect.bind(factory)
  factory.connect = async () => {
    const a = await connect()
    opened.push(a)
    return a
  } // workaround 4
  const engine = await SchemaEngine.new(
    { datamodels: schema ? [[schema.path, schema.content]] : undefined },
    () => {},
    bindMigrationAwareSqlAdapterFactory(factory),
  )
  return {
    engine,
    async close() {
      engine.free()
      for (const a of opened) await a.dispose()
    },
  }
}

export const NO_FILTERS = { externalTables: [], externalEnums: [] }

/**
 * Tables that hand-written migrations own and the Prisma schema does not describe: the full-text search index
 * (on SQLite an FTS5 virtual table with its shadow tables). The diff leaves them alone.
 */
export const EXTERNAL_TABLES: Record<Provider, string[]> = {
  sqlite: ['post_search', ...['config', 'data', 'docsize', 'idx', 'content'].map((s) => `post_search_${s}`)],
  postgresql: ['public.post_search'],
}

export async function migrationsTarget(dir: string, provider: Provider) {
  const lockPath = path.join(dir, 'migration_lock.toml')
  const lockContent = await readFile(lockPath, 'utf8').catch(() => `provider = "${provider}"\n`)
  const entries = (await readdir(dir, { withFileTypes: true }).catch(() => [])).filter((e) => e.isDirectory())
  entries.sort((a, b) => a.name.localeCompare(b.name))
  const migrationDirectories = await Promise.all(
    entries.map(async (e) => {
      const file = path.join(dir, e.name, 'migration.sql')
      const content = await readFile(file, 'utf8').then(
        (value) => ({ tag: 'ok', value }),
        (err) => ({ tag: 'error', value: String(err) }),
      )
      return { path: path.join(dir, e.name), migrationFile: { path: 'migration.sql', content } }
    }),
  )
  return {
    tag: 'migrations',
    baseDir: path.resolve(dir),
    lockfile: { path: 'migration_lock.toml', content: lockContent },
    shadowDbInitScript: '',
    migrationDirectories,
  }
}

/** SQL that takes the migrations folder to the schema; empty when they agree. */
export async function diffMigrationsToSchema(
  provider: Provider,
  url: string,
  migrationsDir: string,
  schemaPath: string,
): Promise<string> {
  const content = await readFile(schemaPath, 'utf8')
  const open = await openEngine(provider, url, { path: schemaPath, content })
  try {
    const result = await open.engine.diff({
      from: await migrationsTarget(migrationsDir, provider),
      to: { tag: 'schemaDatamodel', files: [{ path: schemaPath, content }] },
      script: true,
      exitCode: true,
      filters: { ...NO_FILTERS, externalTables: EXTERNAL_TABLES[provider] },
    })
    return result.exitCode === 2 ? (result.stdout ?? '-- (difference reported without a script)\n') : ''
  } finally {
    await open.close()
  }
}
