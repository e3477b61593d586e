// Client-side checks of a chosen file; the server decides again by the file's bytes.
import { MAX_FILE_BYTES } from '../limits'
import { ALLOWED_MEDIA_TEXT, looksLikeAcceptedMedia } from '../media/content-types'

export function checkMediaFile(file: File): string | null {
  if (file.size > MAX_FILE_BYTES) return 'File size must be less than 4MB'
  if (!looksLikeAcceptedMedia(file)) {
    return `Invalid file type. ${ALLOWED_MEDIA_TEXT}`
  }
  return null
}
