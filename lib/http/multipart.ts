// Streams a multipart/form-data body through busboy with hard limits: one file field named `image` of at most
// 4 MiB, and at most 64 KiB of text fields. An oversized file is refused at once: nothing is buffered beyond
// the limit and nothing is written, so memory stays bounded whatever the client sends. A part without a name, a
// field sent twice and a body that ends before its closing boundary are refused (400) as soon as they are seen.
import { finished, Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import busboy from 'busboy'
import { bodyOf } from './direct-routes'
import { FileTooLargeError, RequestTooLargeError, ValidationError } from '../errors'
import { MAX_FILE_BYTES } from '../limits'

const MAX_FIELDS_BYTES = 64 * 1024
/** After a refusal, how much more of the body is read and thrown away before the connection is cut. */
const DRAIN_LIMIT_BYTES = 8 * 1024 * 1024

export interface UploadedFile {
  buffer: Buffer
  filename: string
  declaredType: string
}
export interface MultipartForm {
  fields: Record<string, string>
  file?: UploadedFile
}

export async function readMultipart(req: Request, fileField = 'image'): Promise<MultipartForm> {
  const contentType = req.headers.get('content-type') ?? ''
  // A request server.ts answers without Next is read from its Node stream (lib/http/direct-routes.ts).
  const direct = bodyOf(req)
  if (!contentType.toLowerCase().startsWith('multipart/form-data') || !(direct || req.body)) {
    throw ValidationError.field('body', 'Expected multipart/form-data')
  }
  // A declared length far beyond the limits fails before anything is read.
  const declared = Number(req.headers.get('content-length') ?? '0')
  if (declared > MAX_FILE_BYTES + MAX_FIELDS_BYTES + 16 * 1024) throw new FileTooLargeError(MAX_FILE_BYTES)

  const source = direct ?? Readable.fromWeb(req.body as unknown as WebReadableStream)
  return new Promise<MultipartForm>((resolve, reject) => {
    let settled = false
    const fail = (err: unknown) => {
      if (settled) return
      settled = true
      // Stop parsing and buffering at once, but keep discarding a bounded amount of the body so the error
      // response reaches the client before the connection is cut; a client that keeps sending is then cut off.
      source.unpipe()
      let discarded = 0
      source.on('data', (chunk: Buffer) => {
        discarded += chunk.length
        if (discarded > DRAIN_LIMIT_BYTES) source.destroy()
      })
      source.on('error', () => {})
      source.resume()
      reject(err)
    }
    let parser: busboy.Busboy
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        // Browsers send file names as UTF-8 (busboy would read them as Latin-1).
        defParamCharset: 'utf8',
        limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 20, fieldSize: MAX_FIELDS_BYTES, parts: 24 },
      })
    } catch {
      return fail(ValidationError.field('body', 'Malformed multipart body'))
    }
    const fields: Record<string, string> = Object.create(null)
    let fieldBytes = 0
    let file: UploadedFile | undefined
    let fileDone: Promise<void> = Promise.resolve()

    parser.on('field', (name, value, info) => {
      if (!name) return fail(ValidationError.field('body', 'Every form field needs a name'))
      if (Object.hasOwn(fields, name)) return fail(ValidationError.field(name, 'Field sent more than once'))
      fieldBytes += Buffer.byteLength(name) + Buffer.byteLength(value)
      if (info.valueTruncated || fieldBytes > MAX_FIELDS_BYTES) return fail(new RequestTooLargeError())
      fields[name] = value
    })
    parser.on('file', (name, stream, info) => {
      if (!name) {
        stream.resume()
        return fail(ValidationError.field('body', 'Every form field needs a name'))
      }
      if (name !== fileField || file) {
        stream.resume()
        return fail(ValidationError.field(name, 'Unexpected file field'))
      }
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('limit', () => fail(new FileTooLargeError(MAX_FILE_BYTES)))
      fileDone = new Promise((done) =>
        stream.on('end', () => {
          // An empty file input (no file chosen) arrives as a part with no name and no bytes.
          if (!settled && (info.filename || chunks.length)) {
            file = { buffer: Buffer.concat(chunks), filename: info.filename ?? '', declaredType: info.mimeType }
          }
          done()
        }),
      )
    })
    parser.on('filesLimit', () => fail(ValidationError.field(fileField, 'Only one file may be uploaded')))
    parser.on('error', () => fail(ValidationError.field('body', 'Malformed multipart body')))
    parser.on('close', () => {
      void fileDone.then(() => {
        if (settled) return
        settled = true
        resolve({ fields, file })
      })
    })
    // finished() also reports a request that was cut off before this began reading it (the client left while the
    // board and ban checks ran): a plain 'error' listener would never hear of it, and the read would never end.
    finished(source, { writable: false }, (err) => {
      if (err) fail(err)
    })
    source.pipe(parser)
  })
}
