import { describe, expect, it } from 'vitest'
import { usingPostgres, withClient } from '../helpers/database'
import { startExpectingFailure, startServer } from '../helpers/server'

describe('start-up', () => {
  it.each([
    ['DATABASE_URL', 'postgres://'],
    ['DATABASE_URL', 'mysql://root@localhost/x'],
    ['PORT', 'eighty'],
    ['TRUST_PROXY_HOPS', 'many'],
  ])('stops with a message naming %s when it is %j', async (name, value) => {
    const { code, output } = await startExpectingFailure({ [name]: value })
    expect(code).toBe(1)
    expect(output).toContain('Invalid configuration')
    expect(output).toMatch(new RegExp(`${name}: `))
    expect(output).not.toContain('listening')
  })

  it('stops gracefully on SIGTERM and SIGINT', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const server = await startServer()
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
      const code = await server.stop(signal)
      expect(code).toBe(0)
      expect(server.output()).toContain(`${signal} received, shutting down`)
    }
  })

  it('creates missing default boards but never overwrites an operator edit', async () => {
    const first = await startServer({ keep: true })
    const edit = "UPDATE boards SET name = 'Tech Talk' WHERE id = 'tech'"
    const remove = "DELETE FROM boards WHERE id = 'food'"
    try {
      if (usingPostgres()) {
        await withClient(first.database.url, async (c) => {
          await c.query(edit)
          await c.query(remove)
        })
      } else {
        const { default: Database } = await import('better-sqlite3')
        const db = new Database(first.database.url.slice('file:'.length))
        db.exec(edit)
        db.exec(remove)
        db.close()
      }
    } finally {
      await first.stop()
    }
    const second = await startServer({ dataDir: first.dataDir, database: first.database })
    try {
      const { boards } = await (await fetch(`${second.url}/api/boards`)).json()
      expect(boards.find((b: { id: string }) => b.id === 'tech').name).toBe('Tech Talk')
      expect(boards.find((b: { id: string }) => b.id === 'food').name).toBe('Food')
      expect(boards).toHaveLength(12)
      expect(second.output()).toContain('Created default boards: food')
    } finally {
      await second.stop()
    }
  })
})
