// Row locks inside interactive transactions. On PostgreSQL a SELECT … FOR UPDATE holds the row until commit;
// on SQLite every transaction already runs alone (lib/db/sqlite-serialized.ts), so nothing is needed.
import { getConfig } from '../config'
import type { Prisma } from './generated/sqlite/client.ts'

export type Tx = Prisma.TransactionClient

export async function lockRow(tx: Tx, table: 'boards' | 'threads', id: string | number): Promise<void> {
  if (getConfig().database.provider !== 'postgresql') return
  await tx.$queryRawUnsafe(`SELECT 1 FROM "${table}" WHERE id = $1 FOR UPDATE`, id)
}
