// The JSON Schemas of 4chan's format (lib/fourchan/contracts, which the tests hold the files to) as OpenAPI
// components: each file becomes components.schemas.Fourchan<Name>, and its references (to its own definitions
// or to post.schema.json's) are rewritten to point inside the document. The files are draft-07; OpenAPI 3.1
// speaks draft 2020-12, so `definitions` become `$defs` and tuples (`items: […]`, `additionalItems`) become
// `prefixItems` and `items`.
import archive from '../fourchan/contracts/archive.schema.json'
import boards from '../fourchan/contracts/boards.schema.json'
import catalog from '../fourchan/contracts/catalog.schema.json'
import indexPage from '../fourchan/contracts/index-page.schema.json'
import post from '../fourchan/contracts/post.schema.json'
import thread from '../fourchan/contracts/thread.schema.json'
import threads from '../fourchan/contracts/threads.schema.json'

const FILES: Record<string, { name: string; schema: object }> = {
  'archive.schema.json': { name: 'FourchanArchive', schema: archive },
  'boards.schema.json': { name: 'FourchanBoards', schema: boards },
  'catalog.schema.json': { name: 'FourchanCatalog', schema: catalog },
  'index-page.schema.json': { name: 'FourchanIndexPage', schema: indexPage },
  'post.schema.json': { name: 'FourchanPost', schema: post },
  'thread.schema.json': { name: 'FourchanThread', schema: thread },
  'threads.schema.json': { name: 'FourchanThreads', schema: threads },
}

export type FourchanSchema = 'archive' | 'boards' | 'catalog' | 'index-page' | 'thread' | 'threads'

export const fourchanSchemaName = (kind: FourchanSchema) => FILES[`${kind}.schema.json`].name

function rewrite(value: unknown, self: string): unknown {
  if (Array.isArray(value)) return value.map((v) => rewrite(v, self))
  if (!value || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  const tuple = Array.isArray((value as Record<string, unknown>).items)
  for (const [key, v] of Object.entries(value)) {
    if (key === '$schema' || key === '$id') continue
    if (key === '$ref' && typeof v === 'string') {
      const [file, pointer = ''] = v.split('#')
      const target = file ? FILES[file]?.name : self
      if (!target) throw new Error(`Unknown schema file in $ref: ${v}`)
      out[key] = `#/components/schemas/${target}${pointer.replace(/^\/definitions\//, '/$defs/')}`
    } else if (key === 'definitions') out.$defs = rewrite(v, self)
    else if (key === 'items' && tuple) out.prefixItems = rewrite(v, self)
    else if (key === 'additionalItems' && tuple) out.items = rewrite(v, self)
    else out[key] = rewrite(v, self)
  }
  return out
}

/** Every 4chan schema, keyed by its component name. */
export function fourchanComponents(): Record<string, unknown> {
  return Object.fromEntries(Object.values(FILES).map(({ name, schema }) => [name, rewrite(schema, name)]))
}
