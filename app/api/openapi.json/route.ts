import { VERSION } from '@/lib/health'
import { json } from '@/lib/http/error-response'
import { methodNotAllowed, route } from '@/lib/http/route'
import { buildDocument } from '@/lib/openapi/document'
import { ROUTE_MODULES } from './route-modules'

const OPENAPI_PATH = '/api/openapi.json'
let document: Promise<object> | undefined

/** The document, built once per process from every route module and this one. */
function openApiDocument(): Promise<object> {
  document ??= Promise.all(ROUTE_MODULES.map(async ([path, load]) => ({ path, exports: await load() }))).then(
    (routes) => buildDocument([...routes, { path: OPENAPI_PATH, exports: self }], undefined, VERSION),
  )
  // A failed build is not kept: the next request tries again.
  document.catch(() => (document = undefined))
  return document
}

// GET /api/openapi.json – the OpenAPI 3.1 description of every route, generated from what each route declares
export const GET = route({}, async () => json(await openApiDocument()))

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')

const self = { GET, POST, PUT, PATCH, DELETE }
