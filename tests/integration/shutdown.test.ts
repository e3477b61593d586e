// A request in flight when SIGTERM arrives still completes; then the process exits 0.
import { request } from 'node:http'
import { expect, it } from 'vitest'
import { startServer } from '../helpers/server'
import { png } from '../helpers/media'

it('finishes an upload that is in flight when SIGTERM arrives', async () => {
  const server = await startServer()
  const boundary = 'cb-boundary'
  const image = await png()
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="topic"\r\n\r\nslow\r\n--${boundary}\r\n` +
    `Content-Disposition: form-data; name="content"\r\n\r\nin flight\r\n--${boundary}\r\n` +
    `Content-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`)
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const body = Buffer.concat([head, image, tail])

  const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(`${server.url}/api/boards/tech/threads`, {
      method: 'POST', headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': body.length },
    }, (res) => {
      let text = ''
      res.on('data', (d) => (text += d))
      res.on('end', () => resolve({ status: res.statusCode!, text }))
    })
    req.on('error', (err) => reject(new Error(`${err.message}\n--- server output ---\n${server.output()}`)))
    // Send half, signal the server, then send the rest.
    req.write(body.subarray(0, head.length + 10))
    setTimeout(() => {
      const exited = server.stop('SIGTERM')
      setTimeout(() => req.end(body.subarray(head.length + 10)), 500)
      void exited
    }, 300)
  })
  const res = await response
  expect(res.status).toBe(201)
  expect(JSON.parse(res.text).message).toBe('Thread created successfully')
  expect(await server.stop()).toBe(0)
  expect(server.output()).toContain('SIGTERM received, shutting down')
})
