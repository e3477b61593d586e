import { writeFileSync, mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { startServer } from '../helpers/server'

describe('GET /api/health', () => {
  it('answers 200 when the database and storage are up', async () => {
    const server = await startServer()
    try {
      const res = await fetch(`${server.url}/api/health`)
      expect(res.status).toBe(200)
      const body = await res.json()
      expect(body).toEqual({
        status: 'ok',
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        version: expect.any(String),
        checks: { database: 'ok', storage: 'ok' },
      })
    } finally {
      await server.stop()
    }
  })

  it('answers 503 naming the failing dependency when storage is down', async () => {
    // A media "directory" below a regular file can never be created or written.
    const blocker = path.join(mkdtempSync(path.join(os.tmpdir(), 'cb-health-')), 'file')
    writeFileSync(blocker, 'x')
    const server = await startServer({ env: { MEDIA_DIR: path.join(blocker, 'media') } })
    try {
      const res = await fetch(`${server.url}/api/health`)
      expect(res.status).toBe(503)
      expect(await res.json()).toEqual({
        status: 'degraded',
        timestamp: expect.any(String),
        checks: { database: 'ok', storage: 'error' },
      })
    } finally {
      await server.stop()
    }
  })
})
