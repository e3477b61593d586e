// Media tools run on untrusted input inside limits (lib/media/limited-child.ts): a child that hangs is killed
// after the wall-clock limit, one that allocates past the memory limit fails, a normal one runs.
import { describe, expect, it } from 'vitest'
import { PROBE_MEMORY_KIB, PROBE_TIMEOUT_MS } from '@/lib/limits'
import { runLimited } from '@/lib/media/limited-child'

const node = (code: string) => runLimited(process.execPath, ['-e', code])

describe('bounded media tool runs', () => {
  it('returns the output of a normal run', async () => {
    const { code, stdout } = await node('console.log("ok")')
    expect([code, stdout.toString().trim()]).toEqual([0, 'ok'])
  })

  it(
    'kills a child that hangs once the time limit has passed',
    async () => {
      const started = Date.now()
      const { code } = await runLimited('sleep', ['60'])
      expect(code).toBeNull()
      expect(Date.now() - started).toBeGreaterThanOrEqual(PROBE_TIMEOUT_MS - 100)
      expect(Date.now() - started).toBeLessThan(PROBE_TIMEOUT_MS + 10_000)
    },
    PROBE_TIMEOUT_MS + 20_000,
  )

  it('refuses a child memory beyond the limit', async () => {
    const over = (PROBE_MEMORY_KIB + 64 * 1024) * 1024
    const { code, stdout } = await node(`Buffer.alloc(${over}).fill(1); console.log('allocated')`)
    expect(code).not.toBe(0)
    expect(stdout.toString()).not.toContain('allocated')
    const under = await node(`Buffer.alloc(${64 * 1024 * 1024}).fill(1); console.log('allocated')`)
    expect(under.stdout.toString().trim()).toBe('allocated')
  })
})
