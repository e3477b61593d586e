// Every media type a post's file may be, in one list: the server's detection, the stored files' Content-Type, the
// file inputs' `accept` attribute, the browser's check of a chosen file and the refusal sentence all come from it.
// Read by browser code too, so nothing here may import server-only code.
/** What kind of media a post carries, as the public Post's file_type says. */
export type FileType = 'image' | 'video' | 'audio'

interface MediaType {
  /** The extension a stored file gets. */
  ext: string
  mime: string
  fileType: FileType
  /** How the type is named to visitors. */
  label: string
  /** File-name extensions the file picker offers and the browser's check accepts. */
  names: readonly string[]
  /** Further extensions the server takes as naming this type (a name is only cross-checked against the bytes). */
  otherNames?: readonly string[]
  /** Other MIME types browsers report for such a file. */
  otherMimes?: readonly string[]
}

export const MEDIA_TYPES = [
  { ext: 'png', mime: 'image/png', fileType: 'image', label: 'PNG', names: ['png'] },
  {
    ext: 'jpg',
    mime: 'image/jpeg',
    fileType: 'image',
    label: 'JPG',
    names: ['jpg', 'jpeg'],
    otherNames: ['jpe', 'jfif'],
  },
  { ext: 'webp', mime: 'image/webp', fileType: 'image', label: 'WebP', names: ['webp'] },
  { ext: 'gif', mime: 'image/gif', fileType: 'image', label: 'GIF', names: ['gif'] },
  { ext: 'mp4', mime: 'video/mp4', fileType: 'video', label: 'MP4', names: ['mp4'], otherNames: ['m4v'] },
  { ext: 'webm', mime: 'video/webm', fileType: 'video', label: 'WebM', names: ['webm'] },
  { ext: 'mp3', mime: 'audio/mpeg', fileType: 'audio', label: 'MP3', names: ['mp3'], otherMimes: ['audio/mp3'] },
] as const satisfies readonly MediaType[]

export type MediaExtension = (typeof MEDIA_TYPES)[number]['ext']

/** Stored extension → Content-Type. */
export const CONTENT_TYPES: Record<string, string> = Object.fromEntries(MEDIA_TYPES.map((t) => [t.ext, t.mime]))

export function contentTypeForKey(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream'
}

const labels = MEDIA_TYPES.map((t) => t.label)
const list = (word: string) => `${labels.slice(0, -1).join(', ')} ${word} ${labels[labels.length - 1]}`

/** "PNG, JPG, …, WebM or MP3": the accepted types, as the posting form names them. */
export const MEDIA_NAMES = list('or')

/** The sentence every refusal of a file's type uses, on the server and in the forms. */
export const ALLOWED_MEDIA_TEXT = `Only ${list('and')} files are allowed.`

/** The `accept` attribute of the posting forms' file inputs: the MIME types, then the extensions. */
export const MEDIA_ACCEPT = [
  ...MEDIA_TYPES.map((t) => t.mime),
  ...MEDIA_TYPES.flatMap((t) => t.names.map((n) => `.${n}`)),
].join(',')

const BROWSER_MIMES = new Set<string>(
  MEDIA_TYPES.flatMap((t) => ('otherMimes' in t ? [t.mime, ...t.otherMimes] : [t.mime])),
)
const BROWSER_NAMES = new Set<string>(MEDIA_TYPES.flatMap((t) => t.names))

/** The browser's first look at a chosen file: its reported type or its name must be one of ours. */
export function looksLikeAcceptedMedia(file: { type: string; name: string }): boolean {
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase()
  return BROWSER_MIMES.has(file.type) || (ext !== undefined && BROWSER_NAMES.has(ext))
}
