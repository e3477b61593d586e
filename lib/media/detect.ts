// Decides an upload's type by its bytes. The name is only cross-checked: a file whose
// extension names a *different* media type than its content (say PNG bytes called "clip.mp4") is refused as
// a likely disguise; names without a media extension ("blob", "image") are judged by content alone.
import { fileTypeFromBuffer } from 'file-type'
import { InvalidFileTypeError } from '../errors'
import type { FileType } from './content-types'

export interface DetectedMedia { ext: 'png' | 'jpg' | 'webp' | 'gif' | 'mp4' | 'webm' | 'mp3'; mime: string; fileType: FileType }

const BY_MIME: Record<string, DetectedMedia> = {
  'image/png': { ext: 'png', mime: 'image/png', fileType: 'image' },
  'image/jpeg': { ext: 'jpg', mime: 'image/jpeg', fileType: 'image' },
  'image/webp': { ext: 'webp', mime: 'image/webp', fileType: 'image' },
  'image/gif': { ext: 'gif', mime: 'image/gif', fileType: 'image' },
  'video/mp4': { ext: 'mp4', mime: 'video/mp4', fileType: 'video' },
  'video/webm': { ext: 'webm', mime: 'video/webm', fileType: 'video' },
  'audio/mpeg': { ext: 'mp3', mime: 'audio/mpeg', fileType: 'audio' },
}

const NAME_EXTENSIONS: Record<string, DetectedMedia['ext']> = {
  png: 'png', jpg: 'jpg', jpeg: 'jpg', jpe: 'jpg', jfif: 'jpg', webp: 'webp', gif: 'gif', mp4: 'mp4', m4v: 'mp4',
  webm: 'webm', mp3: 'mp3',
}

export async function detectMedia(bytes: Buffer, filename: string): Promise<DetectedMedia> {
  const found = await fileTypeFromBuffer(bytes)
  // file-type reports some MP4 brands as video/quicktime-free "video/mp4" variants; accept the mp4 family.
  const detected = found && (BY_MIME[found.mime] ?? (found.ext === 'mp4' || found.ext === 'm4v' ? BY_MIME['video/mp4'] : undefined))
  if (!detected) throw new InvalidFileTypeError()
  const nameExt = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase()
  const claimed = nameExt ? NAME_EXTENSIONS[nameExt] : undefined
  if (claimed && claimed !== detected.ext) throw new InvalidFileTypeError()
  return detected
}
