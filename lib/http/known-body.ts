// Answers whose body is bytes already in memory (the read API's thread list, put together from kept entries). A
// Response copies a byte body when it is made and again when it is read back (≈ 0.4 ms for the 439 KB list of 100
// threads), so these carry their bytes as a stream of that one chunk for Next, and server.ts's direct routes
// (direct-routes.ts) write the bytes themselves to Node's response, never reading the stream.
import { processSingleton } from '../process-singleton'

const bodies = processSingleton('http.knownBodies', () => new WeakMap<Response, Buffer>())

/** A Response of `bytes`, which knownBodyOf gives back without copying them. */
export function bytesResponse(bytes: Buffer, init: ResponseInit): Response {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes)
      controller.close()
    },
  })
  const response = new Response(stream, init)
  bodies.set(response, bytes)
  return response
}

/** The bytes of a Response made by bytesResponse (its stream unread), or undefined for any other. */
export function knownBodyOf(response: Response): Buffer | undefined {
  return response.bodyUsed ? undefined : bodies.get(response)
}
