// A multipart body read from the Node request itself (requests server.ts answers without Next): a client that leaves
// before the handler starts reading (while the board and ban checks run) must end the read with an error, not leave
// it waiting for data that will never come. Real sockets on an ephemeral port.
import { createServer, request, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import { requestFor } from '@/lib/http/direct-routes'
import { readMultipart } from '@/lib/http/multipart'

const servers: ReturnType<typeof createServer>[] = []
afterEach(() => {
  for (const s of servers.splice(0)) s.close()
})

/** Starts a server that hands each request to `onRequest`, and sends it one multipart POST; returns the client. */
async function postTo(onRequest: (req: IncomingMessage) => void) {
  const server = createServer((req) => onRequest(req))
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const body = '--b\r\nContent-Disposition: form-data; name="content"\r\n\r\nhello\r\n--b--\r\n'
  const client = request(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/x`, {
    method: 'POST',
    headers: { 'Content-Type': 'multipart/form-data; boundary=b', 'Content-Length': String(body.length + 10) },
  })
  client.on('error', () => {})
  client.write(body) // ten bytes short: the request is still incomplete when the client leaves
  return client
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('still waiting')), ms))])

it('a client gone before the read began: the read fails at once', async () => {
  const read = new Promise<unknown>((resolve) => {
    void postTo((req) => {
      // The handler is busy (a database round trip) when the client leaves; it reads the body afterwards.
      req.once('close', () => resolve(readMultipart(requestFor(req)).catch((err: unknown) => err)))
    }).then((client) => setTimeout(() => client.destroy(), 50))
  })
  const outcome = await within(read, 3_000)
  expect(outcome).toBeInstanceOf(Error)
})

it('a client that stays: the same read returns the fields', async () => {
  let client: Awaited<ReturnType<typeof postTo>> | undefined
  const read = new Promise<unknown>((resolve) => {
    void postTo((req) => resolve(readMultipart(requestFor(req)))).then((c) => {
      client = c
      c.end('\r\n\r\n\r\n\r\n\r\n') // the ten bytes still owed: blank lines after the closing boundary
    })
  })
  expect(await within(read, 3_000)).toEqual({ fields: { content: 'hello' }, file: undefined })
  client?.destroy()
})
