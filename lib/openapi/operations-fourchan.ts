// What the OpenAPI document says of the read-only 4chan-compatible files under /api/4chan.
import { FOURCHAN, NOT_MODIFIED } from './operation-parts'
import type { PathDocs } from './types'

export const FOURCHAN_DOCS: PathDocs = {
  // 4chan-compatible files
  '/api/4chan/boards.json': {
    GET: {
      summary: "Every board in 4chan's format",
      responses: { 200: { ...FOURCHAN, fourchan: 'boards' }, 304: NOT_MODIFIED },
    },
  },
  '/api/4chan/{boardId}/catalog.json': {
    GET: {
      summary: "The board's live threads by page, with their newest replies",
      banChecked: true,
      responses: { 200: { ...FOURCHAN, fourchan: 'catalog' }, 304: NOT_MODIFIED },
    },
  },
  '/api/4chan/{boardId}/threads.json': {
    GET: {
      summary: 'Number, last change and replies of each live thread, by page',
      banChecked: true,
      responses: { 200: { ...FOURCHAN, fourchan: 'threads' }, 304: NOT_MODIFIED },
    },
  },
  '/api/4chan/{boardId}/archive.json': {
    GET: {
      summary: 'Numbers of the archived threads still readable',
      banChecked: true,
      responses: { 200: { ...FOURCHAN, fourchan: 'archive' }, 304: NOT_MODIFIED },
    },
  },
  '/api/4chan/{boardId}/{page}': {
    GET: {
      summary: 'One index page (`1.json`, 1-based): threads with their newest replies',
      banChecked: true,
      responses: { 200: { ...FOURCHAN, fourchan: 'index-page' }, 304: NOT_MODIFIED },
    },
  },
  '/api/4chan/{boardId}/thread/{file}': {
    GET: {
      summary: "A whole thread (`{no}.json`), live or archived, by its opening post's number",
      banChecked: true,
      responses: { 200: { ...FOURCHAN, fourchan: 'thread' }, 304: NOT_MODIFIED },
    },
  },
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
