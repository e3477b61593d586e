// Inserts the default boards that are missing, with CAPTCHA_DEFAULT's captcha setting; an existing row (perhaps
// edited by an operator) is left alone.
import { DEFAULT_BOARDS } from './defaults'
import { getConfig } from '../config'
import type { Db } from '../db/client'

export async function seedDefaultBoards(db: Db): Promise<string[]> {
  const existing = new Set((await db.board.findMany({ select: { id: true } })).map((b) => b.id))
  const missing = DEFAULT_BOARDS.filter((b) => !existing.has(b.id))
  for (const board of missing) {
    // upsert with an empty update: safe if another process inserts the same board concurrently.
    await db.board.upsert({
      where: { id: board.id },
      create: { ...board, captcha: getConfig().captchaDefault },
      update: {},
    })
  }
  return missing.map((b) => b.id)
}
