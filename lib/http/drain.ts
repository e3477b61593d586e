// Graceful shutdown of the HTTP server, also under load. drain() stops accepting connections; every response not
// yet started (and every request still arriving on an open keep-alive connection) is answered with
// `Connection: close`, so each busy connection ends after its current response; idle keep-alive connections end
// after a short grace (a request may already be on its way). At the deadline, connections that still wait on their
// client (idle, or a body still trickling in) are cut; requests received whole are left to finish their writes.
// It resolves when no connection is left.
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { Server as NetServer, type Socket } from 'node:net'

export interface DrainOptions {
  /** How long an idle keep-alive connection may still deliver a request after drain() starts. */
  idleGraceMs: number
  /** When connections still waiting on their client are destroyed. */
  deadlineMs: number
}

export function trackConnections(http: Server) {
  const inFlight = new Map<Socket, Set<IncomingMessage>>()
  const unanswered = new Set<ServerResponse>()
  let stopping = false
  let drained: (() => void) | undefined
  const forget = (socket: Socket) => {
    inFlight.delete(socket)
    if (stopping && inFlight.size === 0) drained?.()
  }
  http.on('connection', (socket: Socket) => {
    if (stopping) return void socket.destroy()
    inFlight.set(socket, new Set())
    socket.once('close', () => forget(socket))
  })
  // Before the application's listener, so that a response written at once already carries the header.
  http.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket
    const requests = inFlight.get(socket) ?? new Set()
    inFlight.set(socket, requests.add(req))
    if (stopping) res.setHeader('Connection', 'close')
    else unanswered.add(res)
    res.once('close', () => {
      unanswered.delete(res)
      requests.delete(req)
      // A response whose headers left before drain() could not say `Connection: close`: end the connection here.
      if (stopping && requests.size === 0) socket.end()
    })
  })
  return {
    drain({ idleGraceMs, deadlineMs }: DrainOptions): Promise<void> {
      stopping = true
      // Stop listening without Node's server.close(), which also drops connections it deems idle at once.
      NetServer.prototype.close.call(http)
      for (const res of unanswered) if (!res.headersSent) res.setHeader('Connection', 'close')
      unanswered.clear()
      const done = new Promise<void>((resolve) => (drained = resolve))
      const grace = setTimeout(() => {
        for (const [socket, requests] of inFlight) if (requests.size === 0) socket.end()
      }, idleGraceMs)
      const deadline = setTimeout(() => {
        for (const [socket, requests] of inFlight) if (![...requests].some((req) => req.complete)) socket.destroy()
      }, deadlineMs)
      if (inFlight.size === 0) drained!()
      return done.finally(() => {
        clearTimeout(grace)
        clearTimeout(deadline)
      })
    },
  }
}
