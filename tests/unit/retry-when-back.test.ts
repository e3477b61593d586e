// A socket that gave up reconnecting tries again, once, when the tab is visible and the browser online: a real
// socket.io server is stopped until the client gives up, then started again on the same port. The page's `document`
// and `window` are event targets standing in for the browser's (the unit tests run in Node).
import { createServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Server } from 'socket.io'
import { io as connect, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { retryWhenBack } from '@/lib/client/retry-when-back'

const page = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState })
const browserWindow = new EventTarget()
let http: HttpServer
let server: Server
let connections = 0
let port = 0

function listen(): Promise<void> {
  http = createServer()
  server = new Server(http)
  server.on('connection', () => connections++)
  return new Promise((resolve) => http.listen(port, '127.0.0.1', () => resolve()))
}
const once = (socket: Socket, event: 'connect' | 'disconnect') =>
  new Promise<void>((resolve) => socket.once(event, () => resolve()))

beforeAll(async () => {
  Object.assign(globalThis, { document: page, window: browserWindow })
  await listen()
  port = (http.address() as AddressInfo).port
})
afterAll(async () => {
  await server.close()
  Object.assign(globalThis, { document: undefined, window: undefined })
})

it('reconnects the same socket when the reader is back after it gave up, not before, and not when it had not', async () => {
  const socket = connect(`http://127.0.0.1:${port}`, {
    transports: ['websocket'],
    reconnectionAttempts: 2,
    reconnectionDelay: 50,
    reconnectionDelayMax: 50,
  })
  const stop = retryWhenBack(socket)
  await once(socket, 'connect')
  expect(connections).toBe(1)

  // Back online while connected: nothing to do.
  browserWindow.dispatchEvent(new Event('online'))
  expect(socket.io._readyState).toBe('open')

  // The server goes away until the socket gives up.
  const gaveUp = new Promise<void>((resolve) => socket.io.once('reconnect_failed', () => resolve()))
  await server.close()
  await gaveUp
  expect(socket.connected).toBe(false)
  await listen()

  // A hidden tab waits; when it becomes visible the same socket reconnects, and joins again through `connect`.
  page.visibilityState = 'hidden'
  browserWindow.dispatchEvent(new Event('online'))
  expect(socket.io._readyState).toBe('closed')
  page.visibilityState = 'visible'
  const back = once(socket, 'connect')
  page.dispatchEvent(new Event('visibilitychange'))
  expect(socket.io._readyState).toBe('opening')
  browserWindow.dispatchEvent(new Event('online')) // a second signal opens nothing more
  await back
  expect(connections).toBe(2)

  stop()
  socket.close()
})
