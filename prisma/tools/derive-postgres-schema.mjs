// The PostgreSQL schema is the SQLite source with two lines changed. Kept in its own module so the drift
// check and the generator derive it the same way.
export function derivePostgresSchema(sqliteSchema) {
  const out = sqliteSchema
    .replace('provider = "sqlite"', 'provider = "postgresql"')
    .replace('output   = "../lib/db/generated/sqlite"', 'output   = "../../lib/db/generated/postgresql"')
  if (out === sqliteSchema || !out.includes('"postgresql"') || !out.includes('generated/postgresql')) {
    throw new Error('prisma/schema.prisma: expected provider = "sqlite" and output = "../lib/db/generated/sqlite"')
  }
  return '// GENERATED from prisma/schema.prisma by prisma/tools/generate.mjs. Do not edit.\n' + out
}
