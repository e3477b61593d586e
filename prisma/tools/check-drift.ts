// npm run db:check — fails when prisma/schema.prisma and either provider's committed migrations disagree,
// i.e. someone changed the schema without creating a migration (npm run db:migration:create -- <name>).
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { PROVIDERS } from './providers'
import { diffMigrationsToSchema, type Provider } from './wasm-engine'

execFileSync(process.execPath, [path.join(import.meta.dirname, 'generate.mjs')], { stdio: 'inherit' })

let drift = false
for (const provider of Object.keys(PROVIDERS) as Provider[]) {
  const p = PROVIDERS[provider]
  const sql = await diffMigrationsToSchema(provider, p.toolUrl(), p.migrations, p.schema)
  if (sql.trim()) {
    drift = true
    console.error(`✗ ${provider}: the schema differs from prisma/migrations/${provider}. Missing migration:\n${sql}`)
  } else {
    console.log(`✓ ${provider}: migrations match the schema`)
  }
}
if (drift) console.error('\nCreate one with: npm run db:migration:create -- <name>')
process.exit(drift ? 1 : 0)
