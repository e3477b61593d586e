// What the OpenAPI document says about each operation beyond what its route declares: a summary, the success
// answers (zod schemas of their bodies) and the errors its domain adds. Keyed by path template and method; the
// request side comes from the route itself (lib/openapi/document.ts). Every exported handler of every route file
// needs an entry here: tests/unit/openapi-coverage.test.ts names any that lacks one.
import { FOURCHAN_DOCS } from './operations-fourchan'
import { PUBLIC_DOCS } from './operations-public'
import { STAFF_DOCS } from './operations-staff'
import type { PathDocs } from './types'

export const PATH_DOCS: PathDocs = { ...PUBLIC_DOCS, ...STAFF_DOCS, ...FOURCHAN_DOCS }
