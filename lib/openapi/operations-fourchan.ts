// What the OpenAPI document says of the read-only 4chan-compatible files under /api/4chan.
import type { FourchanSchema } from './fourchan-schemas'
import { FOURCHAN, NOT_MODIFIED } from './operation-parts'
import type { OperationDoc, PathDocs } from './types'

/** A cached-by-time 4chan file described by its contract; every board file checks the visitor's bans. */
const fourchanFile = (summary: string, file: FourchanSchema, banChecked = true): { GET: OperationDoc } => ({
  GET: { summary, banChecked, responses: { 200: { ...FOURCHAN, fourchan: file }, 304: NOT_MODIFIED } },
})

export const FOURCHAN_DOCS: PathDocs = {
  // 4chan-compatible files
  '/api/4chan/boards.json': fourchanFile("Every board in 4chan's format", 'boards', false),
  '/api/4chan/{boardId}/catalog.json': fourchanFile(
    "The board's live threads by page, with their newest replies",
    'catalog',
  ),
  '/api/4chan/{boardId}/threads.json': fourchanFile(
    'Number, last change and replies of each live thread, by page',
    'threads',
  ),
  '/api/4chan/{boardId}/archive.json': fourchanFile('Numbers of the archived threads still readable', 'archive'),
  '/api/4chan/{boardId}/{page}': fourchanFile(
    'One index page (`1.json`, 1-based): threads with their newest replies',
    'index-page',
  ),
  '/api/4chan/{boardId}/thread/{file}': fourchanFile(
    "A whole thread (`{no}.json`), live or archived, by its opening post's number",
    'thread',
  ),
  '/api/4chan/{boardId}/media/{file}': {
    GET: {
      summary: "A post's file (`{tim}{ext}`) or thumbnail (`{tim}s.jpg`): a redirect to where it is stored",
      responses: {
        302: {
          description: 'Redirect to the stored file',
          headers: { Location: 'The file', 'Cache-Control': 'public, max-age=86400' },
        },
      },
    },
  },
}
