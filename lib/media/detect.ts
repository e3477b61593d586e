// Decides an upload's type by its bytes (the accepted types are listed in content-types.ts). The name is only cross-checked: a file whose
// extension names a *different* media type than its content (say PNG bytes called "clip.mp4") is refused as
// a likely disguise; names without a media extension ("blob", "image") are judged by content alone.
import { fileTypeFromBuffer } from 'file-type'
import { InvalidFileTypeError } from '../errors'
import type { FileType } from './content-types'
import { MEDIA_TYPES, type MediaExtension } from './content-types'

export interface DetectedMedia {
  ext: MediaExtension
  mime: string
  fileType: FileType
}

const BY_MIME: Record<string, DetectedMedia> = Object.fromEntries(
  MEDIA_TYPES.map(({ ext, mime, fileType }) => [mime, { ext, mime, fileType }]),
)

/** Every extension a file name may have that names one of our types, and the type it names. */
const NAME_EXTENSIONS: Record<string, MediaExtension> = Object.fromEntries(
  MEDIA_TYPES.flatMap((t) => [...t.names, ...('otherNames' in t ? t.otherNames : [])].map((name) => [name, t.ext])),
)

export async function detectMedia(bytes: Buffer, filename: string): Promise<DetectedMedia> {
  const found = await fileTypeFromBuffer(bytes)
  // file-type reports some MP4 brands as video/quicktime-free "video/mp4" variants; accept the mp4 family.
  const detected =
    found && (BY_MIME[found.mime] ?? (found.ext === 'mp4' || found.ext === 'm4v' ? BY_MIME['video/mp4'] : undefined))
  if (!detected) throw new InvalidFileTypeError()
  const nameExt = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase()
  const claimed = nameExt ? NAME_EXTENSIONS[nameExt] : undefined
  if (claimed && claimed !== detected.ext) throw new InvalidFileTypeError()
  return detected
}
