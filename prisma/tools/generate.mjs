// Generates both Prisma clients from the one source schema (prisma/schema.prisma, SQLite).
// The PostgreSQL schema is derived here by swapping only the provider and the client output, so the two
// can never drift. Runs on `npm install` (postinstall) and as `npm run db:generate`.
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { derivePostgresSchema } from './derive-postgres-schema.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const source = path.join(root, 'prisma/schema.prisma')
const pgSchema = path.join(root, 'prisma/postgresql/schema.prisma')

mkdirSync(path.dirname(pgSchema), { recursive: true })
writeFileSync(pgSchema, derivePostgresSchema(readFileSync(source, 'utf8')))

// `prisma generate` needs no schema engine, but the CLI tries to download one unless told where it is.
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? '/bin/false',
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
}
const cli = path.join(root, 'node_modules/prisma/build/index.js')
for (const schema of [source, pgSchema]) {
  execFileSync(process.execPath, [cli, 'generate', '--schema', schema], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}
console.log('Prisma clients generated (sqlite, postgresql)')
