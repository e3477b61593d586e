// Prisma CLI configuration for the SQLite source schema. The CLI's migrate commands need the native schema
// engine, which is only usable where it can be downloaded; offline, use `npm run db:migration:create` and
// `npm run db:check` (prisma/tools), which drive the wasm engine instead.
import { defineConfig } from 'prisma/config'

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations/sqlite' },
  datasource: {
    url: process.env.DATABASE_URL?.startsWith('file:') ? process.env.DATABASE_URL : 'file:./data/corkboard.db',
  },
})
