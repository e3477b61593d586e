// The file names in 4chan paths, checked before any lookup: a malformed one answers like an unknown one (404).
import { NotFoundError } from '../errors'
import { MAX_ID } from '../http/params'
import { described, type ParamParser } from '../http/params'

const number = (raw: string, max: number) => (/^[1-9][0-9]{0,9}$/.test(raw) && Number(raw) <= max ? Number(raw) : null)

/** `{page}.json`: an index page, 1-based. */
export const pageFileParam: ParamParser<number> = described(
  (raw) => {
    const page = raw.endsWith('.json') ? number(raw.slice(0, -5), 9999) : null
    if (page === null) throw new NotFoundError('Page not found')
    return page
  },
  { schema: { type: 'string', pattern: '^[1-9][0-9]{0,3}\\.json$' }, notFound: 'Page not found' },
)

/** `{no}.json`: a thread by its number. */
export const threadFileParam: ParamParser<number> = described(
  (raw) => {
    const no = raw.endsWith('.json') ? number(raw.slice(0, -5), MAX_ID) : null
    if (no === null) throw new NotFoundError('Thread not found')
    return no
  },
  { schema: { type: 'string', pattern: '^[1-9][0-9]{0,9}\\.json$' }, notFound: 'Thread not found' },
)

export interface MediaFile {
  tim: number
  file: 'media' | 'thumbnail'
  ext?: string
}

/** `{tim}{ext}` (the file) or `{tim}s.jpg` (its thumbnail). */
const MEDIA_FILE = /^([1-9][0-9]{0,9})(s\.jpg|\.(?:png|jpg|webp|gif|mp4|webm|mp3))$/

export const mediaFileParam: ParamParser<MediaFile> = described(
  (raw) => {
    const m = MEDIA_FILE.exec(raw)
    const tim = m ? number(m[1], MAX_ID) : null
    if (!m || tim === null) throw new NotFoundError('File not found')
    return m[2] === 's.jpg' ? { tim, file: 'thumbnail' } : { tim, file: 'media', ext: m[2] }
  },
  { schema: { type: 'string', pattern: MEDIA_FILE.source }, notFound: 'File not found' },
)
