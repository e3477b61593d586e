// Serves local-disk media under its URL prefix straight from server.ts (no Next render on the hot path):
// correct content type, long-lived immutable caching (keys are content hashes), and no path traversal
// (only well-formed keys map to files).
import type { IncomingMessage, ServerResponse } from 'node:http'
import { contentTypeForKey } from './content-types'
import type { LocalStorage } from './local-storage'
import { decodedPath, sendFile } from './send-file'

export function serveLocalMedia(storage: LocalStorage, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const key = decodedPath(req.url)?.slice(storage.urlPrefix.length + 1) ?? ''
  return sendFile(req, res, storage.pathFor(key), {
    'Content-Type': contentTypeForKey(key),
    'Cache-Control': 'public, max-age=31536000, immutable',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  })
}
