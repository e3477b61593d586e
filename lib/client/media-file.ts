// Client-side checks of a chosen file; the server decides again by the file's bytes.
import { ALLOWED_MEDIA_TEXT } from '../media/content-types'

export const MEDIA_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,video/mp4,video/webm,audio/mpeg,.png,.jpg,.jpeg,.webp,.gif,.mp4,.webm,.mp3'
const TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'video/mp4', 'video/webm', 'audio/mpeg', 'audio/mp3']
const EXTENSIONS = /\.(png|jpe?g|webp|gif|mp4|webm|mp3)$/i
export const MAX_FILE_BYTES = 4 * 1024 * 1024

export function checkMediaFile(file: File): string | null {
  if (file.size > MAX_FILE_BYTES) return 'File size must be less than 4MB'
  if (!TYPES.includes(file.type) && !EXTENSIONS.test(file.name)) {
    return `Invalid file type. ${ALLOWED_MEDIA_TEXT}`
  }
  return null
}
