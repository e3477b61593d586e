// The database's record of used captcha solutions (lib/captcha/replay.ts, used without Redis): one plain INSERT that
// does nothing for a key already there. A solution is claimed once, the row holds the challenge's expiry as the
// model reads it, and the sweep's condition (the model API's `expiresAt < now`) finds exactly the expired rows.
import { describe, expect, it } from 'vitest'
import { withInProcessServer } from '../helpers/in-process'

withInProcessServer()

describe('captcha replay records in the database', () => {
  it('claims a solution once and keeps its expiry where the sweep finds it', async () => {
    const { claimSolution, solutionKey } = await import('@/lib/captcha/replay')
    const { getDb } = await import('@/lib/db/client')
    const db = await getDb()
    const run = `${Date.now()}-${Math.random()}`
    const later = new Date(Date.now() + 10 * 60_000)
    const earlier = new Date(Date.now() - 60_000)

    expect(await claimSolution(`live-${run}`, later)).toBe(true)
    expect(await claimSolution(`live-${run}`, later)).toBe(false)
    expect(await claimSolution(`gone-${run}`, earlier)).toBe(true)

    const live = await db.captchaUse.findUniqueOrThrow({ where: { key: solutionKey(`live-${run}`) } })
    expect(live.expiresAt.getTime()).toBe(later.getTime())
    const keys = [solutionKey(`live-${run}`), solutionKey(`gone-${run}`)]
    const expired = await db.captchaUse.findMany({ where: { key: { in: keys }, expiresAt: { lt: new Date() } } })
    expect(expired.map((row) => row.key)).toEqual([solutionKey(`gone-${run}`)])
  })
})
