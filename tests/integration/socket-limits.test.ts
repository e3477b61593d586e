// Socket limits: connections per address per minute, joins per socket per minute, and the
// origin check on the handshake.
import { io as connect, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { ClientToServerEvents, ServerToClientEvents } from '@/lib/realtime/events'
import { startServer, type TestServer } from '../helpers/server'

type Client = Socket<ServerToClientEvents, ClientToServerEvents>
let server: TestServer
const sockets: Client[] = []

beforeAll(async () => {
  server = await startServer({
    env: {
      TRUST_PROXY_HOPS: '1',
      RATE_LIMITS: JSON.stringify({ socketConnect: { points: 3 }, socketJoin: { points: 4 } }),
    },
  })
})
afterAll(async () => {
  sockets.forEach((s) => s.close())
  await server?.stop()
})

function open(headers: Record<string, string>, transports: string[] = ['websocket']): Promise<Client> {
  const socket: Client = connect(server.url, { transports, reconnection: false, forceNew: true, extraHeaders: headers })
  sockets.push(socket)
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket))
    socket.once('connect_error', reject)
  })
}

it('refuses a fourth connection from one address within the minute, but not from another address', async () => {
  const from = { 'X-Forwarded-For': '198.51.100.7' }
  await open(from)
  await open(from, ['polling']) // polling requests after the handshake do not count again
  await open(from)
  await expect(open(from)).rejects.toThrow()
  await expect(open({ 'X-Forwarded-For': '198.51.100.8' })).resolves.toBeTruthy()
})

it('answers joins beyond the per-socket limit with Rate limited', async () => {
  const socket = await open({ 'X-Forwarded-For': '198.51.100.20' })
  const join = (room: string) => new Promise<unknown>((resolve) => socket.emit('join_board', room, resolve))
  for (let i = 0; i < 4; i++) expect(await join('tech')).toEqual({ ok: true })
  expect(await join('tech')).toEqual({ ok: false, error: 'Rate limited' })
  // The limit is per socket: a new connection joins again.
  const other = await open({ 'X-Forwarded-For': '198.51.100.21' })
  expect(await new Promise((resolve) => other.emit('join_board', 'tech', resolve))).toEqual({ ok: true })
})

it('refuses a handshake from a foreign origin', async () => {
  await expect(open({ 'X-Forwarded-For': '198.51.100.30', Origin: 'https://evil.example' })).rejects.toThrow()
  await expect(open({ 'X-Forwarded-For': '198.51.100.31', Origin: server.url })).resolves.toBeTruthy()
})

it('answers 429, not 500, for API limits after sockets built the limiters (server.ts and Next load the library twice)', async () => {
  // The sockets above were the first to use the limiters, in server.ts's copy of the library.
  const post = () =>
    fetch(`${server.url}/api/boards/tech/threads`, {
      method: 'POST',
      headers: { 'X-Forwarded-For': '198.51.100.40' },
      body: new FormData(),
    })
  const statuses: number[] = []
  for (let i = 0; i < 4; i++) statuses.push((await post()).status)
  expect(statuses).toEqual([400, 400, 400, 429])
})
