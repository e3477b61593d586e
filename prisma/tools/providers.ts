// Where each provider's schema and migrations live, and a throwaway database URL for tooling that needs one
// (the wasm engine replays migrations on a shadow database it creates from that connection).
import path from 'node:path'
import type { Provider } from './wasm-engine'

const root = path.resolve(import.meta.dirname, '../..')

export const PROVIDERS: Record<Provider, { schema: string; migrations: string; toolUrl: () => string }> = {
  sqlite: {
    schema: path.join(root, 'prisma/schema.prisma'),
    migrations: path.join(root, 'prisma/migrations/sqlite'),
    toolUrl: () => 'file::memory:',
  },
  postgresql: {
    schema: path.join(root, 'prisma/postgresql/schema.prisma'),
    migrations: path.join(root, 'prisma/migrations/postgresql'),
    toolUrl: () => process.env.MIGRATION_TOOL_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test',
  },
}
