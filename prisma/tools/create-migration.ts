// npm run db:migration:create -- <name>
// Writes the next migration for both providers: the SQL that takes each committed migrations folder to the
// current schema. Needs PostgreSQL with CREATEDB (MIGRATION_TOOL_DATABASE_URL, default the local `test` db)
// for the shadow replay. Regenerate the clients afterwards (npm run db:generate).
import { execFileSync } from 'node:child_process'
import { mkdir, writeFile, access } from 'node:fs/promises'
import path from 'node:path'
import { PROVIDERS } from './providers'
import { diffMigrationsToSchema, type Provider } from './wasm-engine'

const name = (process.argv[2] ?? '').trim()
if (!/^[a-z0-9_]+$/.test(name)) {
  console.error('Usage: npm run db:migration:create -- <name>   (lowercase letters, digits and _)')
  process.exit(1)
}
execFileSync(process.execPath, [path.join(import.meta.dirname, 'generate.mjs')], { stdio: 'inherit' })

const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14)
let wrote = 0
for (const provider of Object.keys(PROVIDERS) as Provider[]) {
  const p = PROVIDERS[provider]
  const sql = await diffMigrationsToSchema(provider, p.toolUrl(), p.migrations, p.schema)
  if (!sql.trim()) {
    console.log(`${provider}: no changes`)
    continue
  }
  const dir = path.join(p.migrations, `${stamp}_${name}`)
  await mkdir(dir, { recursive: true })
  await writeFile(path.join(dir, 'migration.sql'), sql)
  const lock = path.join(p.migrations, 'migration_lock.toml')
  await access(lock).catch(() => writeFile(lock, `# Written by prisma/tools. Do not edit.\nprovider = "${provider}"\n`))
  console.log(`${provider}: wrote ${path.relative(process.cwd(), dir)}/migration.sql`)
  wrote++
}
process.exit(wrote ? 0 : 0)
