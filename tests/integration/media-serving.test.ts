import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from '../helpers/server'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
  mkdirSync(path.join(server.dataDir, 'media/ab'), { recursive: true })
  writeFileSync(path.join(server.dataDir, 'media/ab/abcdef0123456789.webp'), 'webp-bytes')
  writeFileSync(path.join(server.dataDir, 'media/ab/abcdef0123456789.mp4'), '0123456789')
})
afterAll(async () => {
  await server?.stop()
})

describe('local media under /media', () => {
  it('serves files with their content type and immutable caching', async () => {
    const res = await fetch(`${server.url}/media/ab/abcdef0123456789.webp`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/webp')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await res.text()).toBe('webp-bytes')
    const again = await fetch(`${server.url}/media/ab/abcdef0123456789.webp`, {
      headers: { 'If-None-Match': res.headers.get('etag')! },
    })
    expect(again.status).toBe(304)
  })

  it('answers byte ranges for seeking in video', async () => {
    const res = await fetch(`${server.url}/media/ab/abcdef0123456789.mp4`, { headers: { Range: 'bytes=2-5' } })
    expect(res.status).toBe(206)
    expect(res.headers.get('content-range')).toBe('bytes 2-5/10')
    expect(await res.text()).toBe('2345')
  })

  it.each([
    '/media/../secrets.json',
    '/media/%2e%2e/secrets.json',
    '/media/ab/..%2f..%2fsecrets.json',
    '/media/ab%2f..%2f..%2fsecrets.json',
    '/media/secrets.json',
    '/media/ab/missing0123456789.webp',
    '/media/',
  ])('answers 404 for %s and never leaks files', async (p) => {
    const res = await fetch(server.url + p)
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('sessionSecret')
  })
})
