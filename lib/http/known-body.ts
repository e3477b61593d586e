// Answers whose body is bytes already in memory (the read API's thread list, put together from kept entries, and a
// thread's posts). A Response copies a byte body when it is made and again when it is read back (≈ 0.4 ms for the
// 439 KB list of 100 threads), and joining the list's kept entries into one buffer of that size costs as much again
// (a fresh mapping whose pages fault in one by one). So these carry their parts as they are, as a stream of them for
// Next, and server.ts's direct routes (direct-routes.ts) write the parts themselves to Node's response, never
// reading the stream.
import { processSingleton } from '../process-singleton'

const bodies = processSingleton('http.knownBodies', () => new WeakMap<Response, readonly Buffer[]>())

/**
 * A Response of `parts` (the body is their bytes in order), which knownBodyOf gives back without copying them. The
 * parts are never written to afterwards: kept ones are sent again, and what is made from them kept (gzip-parts.ts).
 */
export function bytesResponse(parts: readonly Buffer[], init: ResponseInit): Response {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(part)
      controller.close()
    },
  })
  const response = new Response(stream, init)
  bodies.set(response, parts)
  return response
}

/** The parts of a Response made by bytesResponse (its stream unread), or undefined for any other. */
export function knownBodyOf(response: Response): readonly Buffer[] | undefined {
  return response.bodyUsed ? undefined : bodies.get(response)
}

const keptParts = processSingleton('http.keptParts', () => new WeakSet<Buffer>())

/**
 * Marks `part` as kept between answers (a thread-list entry found again in the fragment cache), so that what is made
 * from it to send it (its compressed form, gzip-parts.ts) is worth keeping with it.
 */
export function keptPart<B extends Buffer>(part: B): B {
  keptParts.add(part)
  return part
}

export const isKeptPart = (part: Buffer): boolean => keptParts.has(part)

/** How many bytes the parts hold. */
export const byteLength = (parts: readonly Buffer[]): number => parts.reduce((sum, part) => sum + part.length, 0)
