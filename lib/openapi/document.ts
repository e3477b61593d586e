// Builds the OpenAPI 3.1 document from the route modules themselves: each exported handler carries what
// route()/staffRoute() declared (path parameters, query and body schemas, staff role), and PATH_DOCS adds the
// summary and the answers. Nothing about a request is written twice, so the document cannot drift from the code.
import { z } from 'zod'
import { fourchanComponents, fourchanSchemaName } from './fourchan-schemas'
import { NAMED_SCHEMAS } from './named-schemas'
import { PATH_DOCS } from './operations'
import { METHODS, type Answer, type Method, type OperationDoc, type PathDocs } from './types'
import {
  ZBanErrorBody,
  ZDuplicatePostBody,
  ZErrorBody,
  ZFileTooLargeBody,
  ZInternalErrorBody,
  ZInvalidFileTypeBody,
  ZPostRejectedBody,
  ZRateLimitedBody,
  ZValidationErrorBody,
} from '../http/error-bodies'
import { MULTIPART, routeSpecOf, type DeclaredInputs } from '../http/route'

type Json = Record<string, unknown>

/** A route file: its path as an OpenAPI template (`/api/boards/{boardId}`) and its exports. */
export interface RouteModule {
  path: string
  exports: Record<string, unknown>
}

/** Next's folder names to an OpenAPI path: `app/api/boards/[boardId]` → `/api/boards/{boardId}`. */
export function pathTemplateOf(segments: string[]): string {
  return '/' + segments.map((s) => (/^\[\w+\]$/.test(s) ? `{${s.slice(1, -1)}}` : s)).join('/')
}

/** The operations a route module documents: every exported method built by route()/staffRoute(), except 405s. */
export function operationsOf(exports: Record<string, unknown>): [Method, DeclaredInputs][] {
  return METHODS.flatMap((m) => {
    const spec = routeSpecOf(exports[m])
    return spec && !spec.methodNotAllowed ? [[m, spec] as [Method, DeclaredInputs]] : []
  })
}

export function operationIdOf(method: Method, path: string): string {
  const words = path
    .split('/')
    .filter((s) => s && s !== 'api')
    .map((s) => (s.startsWith('{') ? `By-${s.slice(1, -1)}` : s))
    .flatMap((s) => s.split(/[^A-Za-z0-9]+/))
    .filter(Boolean)
  return method.toLowerCase() + words.map((w) => w[0].toUpperCase() + w.slice(1)).join('')
}

const ERROR_COMPONENTS: [string, z.ZodType][] = [
  ['Error', ZErrorBody],
  ['ValidationError', ZValidationErrorBody],
  ['PostRejected', ZPostRejectedBody],
  ['DuplicatePost', ZDuplicatePostBody],
  ['BanError', ZBanErrorBody],
  ['TooLargeError', ZFileTooLargeBody],
  ['InvalidFileTypeError', ZInvalidFileTypeBody],
  ['RateLimitedError', ZRateLimitedBody],
  ['InternalError', ZInternalErrorBody],
]

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
const jsonContent = (schema: unknown) => ({ 'application/json': { schema } })

function strip(schema: Json): Json {
  const { $schema: _, $id: __, ...rest } = schema
  return rest
}

/** Request-side JSON Schema of a zod schema: what a client may send. */
function inputSchema(schema: z.ZodType): Json {
  return strip(
    z.toJSONSchema(schema, {
      io: 'input',
      target: 'draft-2020-12',
      unrepresentable: 'any',
      override: ({ zodSchema, jsonSchema }) => {
        // A loose object piped into the real shape (all fields present first, or a type picked first): the real
        // shape is what a client sends.
        if (zodSchema instanceof z.ZodPipe && isLooseObject(zodSchema.in)) {
          for (const key of Object.keys(jsonSchema)) delete jsonSchema[key]
          Object.assign(jsonSchema, inputSchema(zodSchema.out as z.ZodType))
          return
        }
        // A field is required when the schema refuses it missing (text read as empty, an id read as null, a
        // default: not required).
        if (!(zodSchema instanceof z.ZodObject)) return
        const shape = zodSchema.shape as Record<string, z.ZodType>
        const required = Object.keys(shape).filter((field) => !acceptsMissing(shape[field]))
        if (required.length) jsonSchema.required = required
        else delete jsonSchema.required
      },
    }) as Json,
  )
}

function isLooseObject(schema: unknown): boolean {
  return schema instanceof z.ZodObject && schema.def.catchall instanceof z.ZodUnknown
}

function acceptsMissing(field: z.ZodType | undefined): boolean {
  try {
    return Boolean(field?.safeParse(undefined).success)
  } catch (err) {
    // An asynchronous check (a lookup) was reached: the missing value passed every check before it.
    return err instanceof z.core.$ZodAsyncError
  }
}

function tagOf(path: string): string {
  if (path.startsWith('/api/4chan/')) return '4chan-compatible'
  if (path.startsWith('/api/admin/')) return 'Staff'
  return 'Public'
}

/** Registers a response schema as a component (under `name` unless it has one already) and returns its name. */
type Namer = (schema: z.ZodType, name: string) => string

function buildOperation(path: string, method: Method, spec: DeclaredInputs, doc: OperationDoc, nameOf: Namer): Json {
  const operationId = operationIdOf(method, path)
  const write = method !== 'GET'
  const parameters: Json[] = []
  const notFound: string[] = []

  for (const name of spec.params) {
    const described = spec.paramParsers[name]?.describes
    if (described?.notFound) notFound.push(described.notFound)
    parameters.push({
      name,
      in: 'path',
      required: true,
      schema: described?.schema ?? { type: 'string' },
      ...(described?.notFound && {
        description: `Checked before any lookup: a malformed value answers 404 "${described.notFound}"`,
      }),
    })
  }
  if (spec.query) {
    const query = inputSchema(spec.query)
    const required = new Set((query.required as string[] | undefined) ?? [])
    for (const [name, schema] of Object.entries((query.properties ?? {}) as Record<string, Json>)) {
      const { description, ...rest } = schema
      parameters.push({
        name,
        in: 'query',
        required: required.has(name),
        schema: rest,
        ...(description ? { description } : {}),
      })
    }
  }

  let requestBody: Json | undefined
  if (spec.body === MULTIPART) {
    if (!doc.form) throw new Error(`${method} ${path} reads a multipart form: give its fields as \`form\` in PATH_DOCS`)
    requestBody = { required: true, content: { 'multipart/form-data': { schema: inputSchema(doc.form) } } }
  } else if (spec.body) {
    requestBody = { required: false, content: jsonContent(inputSchema(spec.body)) }
  }

  const responses: Json = {}
  for (const [status, answer] of Object.entries(doc.responses) as [string, Answer][]) {
    const full = answer instanceof z.ZodType ? { description: 'OK', schema: answer } : answer
    const name = `${operationId[0].toUpperCase()}${operationId.slice(1)}${status}`
    let content: Json | undefined
    if (full.schema) {
      content = jsonContent(ref(nameOf(full.schema, name)))
    } else if (full.fourchan) content = jsonContent(ref(fourchanSchemaName(full.fourchan)))
    const headers = full.headers
      ? Object.fromEntries(
          Object.entries(full.headers).map(([h, d]) => [h, { description: d, schema: { type: 'string' } }]),
        )
      : undefined
    responses[status] = {
      description: answer instanceof z.ZodType ? successText(Number(status)) : full.description,
      ...(headers && { headers }),
      ...(content && { content }),
    }
  }
  Object.assign(responses, errorResponses(spec, doc, write, notFound))

  const role = spec.staff?.role
  const csrf = role ? write : doc.csrf
  const security: Json[] | undefined = role
    ? [write ? { staffSession: [], csrfToken: [] } : { staffSession: [] }]
    : doc.csrf === 'required'
      ? [{ csrfToken: [] }]
      : doc.posterKey
        ? [{ posterKey: [] }, ...(doc.csrf === 'staff' ? [{ staffSession: [], csrfToken: [] }] : [])]
        : undefined
  const notes = [
    doc.description,
    role &&
      `Staff only: a \`cb_session\` of role **${role}** or above (janitor < moderator < admin).` +
        (write ? " Needs the session's CSRF token in `X-CSRF-Token`." : ''),
    doc.csrf === 'required' && "Needs the session's CSRF token in `X-CSRF-Token` (GET /api/admin/csrf-token).",
    doc.csrf === 'staff' &&
      'The poster key cookie `cb_poster` proves ownership; staff acting instead need their session and the CSRF token.',
    doc.posterKey && !doc.csrf && "Only the poster: the `cb_poster` cookie must match the post's owner.",
    doc.banChecked && 'Ban-checked: a banned visitor gets 403 with the ban body.',
  ].filter(Boolean)

  return {
    operationId,
    tags: [tagOf(path)],
    summary: doc.summary,
    ...(notes.length && { description: notes.join('\n\n') }),
    ...(parameters.length && { parameters }),
    ...(requestBody && { requestBody }),
    responses,
    ...(security && { security }),
    ...(role && { 'x-corkboard-role': role }),
    ...(csrf && { 'x-corkboard-csrf': csrf === 'staff' ? 'when staff act' : true }),
  }
}

function successText(status: number): string {
  return status === 201 ? 'Created' : 'OK'
}

function errorResponses(spec: DeclaredInputs, doc: OperationDoc, write: boolean, notFound: string[]): Json {
  const out: Json = {}
  const errorRef = ref('Error')
  const multipart = spec.body === MULTIPART
  const extra = doc.errors ?? {}
  if (spec.query || spec.body || extra[400]) {
    out[400] = {
      description: extra[400] ?? 'Validation failed: one `details` entry per failing field',
      content: jsonContent(
        multipart ? { oneOf: [ref('ValidationError'), ref('PostRejected')] } : ref('ValidationError'),
      ),
    }
  }
  if (spec.staff || extra[401])
    out[401] = { description: extra[401] ?? 'Login required: no valid staff session', content: jsonContent(errorRef) }
  const forbidden = [
    spec.staff && `below the role ${spec.staff.role}${write ? ', or a missing or wrong CSRF token' : ''}`,
    !spec.staff && doc.csrf && 'a missing or wrong CSRF token',
    write && 'a foreign Origin ("Forbidden origin")',
    doc.banChecked && 'the visitor is banned (ban body)',
    extra[403],
  ].filter(Boolean)
  if (forbidden.length)
    out[403] = {
      description: `Forbidden: ${forbidden.join('; ')}`,
      content: jsonContent(doc.banChecked ? { oneOf: [errorRef, ref('BanError')] } : errorRef),
    }
  const missing = [...notFound, ...(extra[404] ? [extra[404]] : [])]
  if (missing.length) out[404] = { description: `Not found: ${missing.join('; ')}`, content: jsonContent(errorRef) }
  // The create endpoints' 409 may also be a duplicate post, which carries a message for the poster.
  if (extra[409])
    out[409] = {
      description: extra[409],
      content: jsonContent(multipart ? { oneOf: [errorRef, ref('DuplicatePost')] } : errorRef),
    }
  if (multipart) {
    out[413] = { description: 'File too large (over 4 MiB)', content: jsonContent(ref('TooLargeError')) }
    out[415] = { description: 'Not an allowed media type', content: jsonContent(ref('InvalidFileTypeError')) }
  } else if (spec.body) {
    out[413] = {
      description: 'JSON body over 64 KiB ("Request too large")',
      content: jsonContent(ref('TooLargeError')),
    }
  }
  if (!doc.unlimited)
    out[429] = {
      description: 'Rate limited',
      headers: { 'Retry-After': { description: 'Seconds to wait (at least 1)', schema: { type: 'integer' } } },
      content: jsonContent(ref('RateLimitedError')),
    }
  out[500] = {
    description: 'Unexpected failure; the request id is in the server log',
    content: jsonContent(ref('InternalError')),
  }
  out[503] = {
    description: extra[503] ?? 'Database or media storage unavailable',
    headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } },
    content: jsonContent(errorRef),
  }
  return out
}

/** The document for these route modules; a route without an entry in `docs` is an error naming it. */
export function buildDocument(routes: RouteModule[], docs: PathDocs = PATH_DOCS, version = '0.1.0'): Json {
  const paths: Json = {}
  const registry = z.registry<{ id: string }>()
  const nameOf: Namer = (schema, name) => {
    const known = registry.get(schema)?.id
    if (known) return known
    registry.add(schema, { id: name })
    return name
  }
  for (const [name, schema] of [...ERROR_COMPONENTS, ...NAMED_SCHEMAS]) nameOf(schema, name)

  for (const { path, exports } of [...routes].sort((a, b) => a.path.localeCompare(b.path))) {
    const item: Json = {}
    for (const [method, spec] of operationsOf(exports)) {
      const doc = docs[path]?.[method]
      if (!doc) throw new Error(missingDocMessage(method, path))
      item[method.toLowerCase()] = buildOperation(path, method, spec, doc, nameOf)
    }
    paths[path] = item
  }

  const { schemas } = z.toJSONSchema(registry, {
    io: 'output',
    target: 'draft-2020-12',
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, Json> }
  const components = Object.fromEntries(Object.entries(schemas).map(([k, v]) => [k, strip(v)]))

  return {
    openapi: '3.1.0',
    info: {
      title: 'Corkboard API',
      version,
      description:
        'The JSON API of a Corkboard imageboard: public reads and posting, staff moderation under /api/admin, and ' +
        "a read-only copy of the boards in 4chan's format under /api/4chan. Conventions shared by every endpoint " +
        '(errors, the poster key, CSRF, rate limits, ids, caching, CORS) are in docs/API.md. An unknown /api path ' +
        'answers 404 `{"error":"Not found"}` for every method; a known path answers other methods with 405 and `Allow`.',
    },
    servers: [{ url: '/' }],
    tags: [
      { name: 'Public', description: 'Boards, threads, posts, polls ("surveys"), reports, search, statistics' },
      { name: 'Staff', description: 'Moderation and administration; a staff session (`cb_session`) is required' },
      { name: '4chan-compatible', description: "Read-only files in 4chan's JSON format; any origin may read them" },
    ],
    paths,
    components: {
      schemas: { ...components, ...fourchanComponents() },
      securitySchemes: {
        staffSession: {
          type: 'apiKey',
          in: 'cookie',
          name: 'cb_session',
          description: 'The sealed staff session cookie set by POST /api/admin/login (valid 24 hours)',
        },
        csrfToken: {
          type: 'apiKey',
          in: 'header',
          name: 'X-CSRF-Token',
          description: "The session's CSRF token from GET /api/admin/csrf-token (or the login answer)",
        },
        posterKey: {
          type: 'apiKey',
          in: 'cookie',
          name: 'cb_poster',
          description:
            "Set on the first successful post; proves ownership of one's posts (only a keyed hash is stored)",
        },
      },
    },
  }
}

export function missingDocMessage(method: Method, path: string): string {
  return (
    `${method} ${path} has no entry in PATH_DOCS (lib/openapi/operations.ts): add its summary and answers there ` +
    `(see CONTRIBUTING.md, "Adding an endpoint").`
  )
}
