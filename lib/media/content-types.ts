// The stored media extensions and their content types.
/** What kind of media a post carries, as the public Post's file_type says. */
export type FileType = 'image' | 'video' | 'audio'

export const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
}

export function contentTypeForKey(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream'
}

/** The sentence every refusal of a file's type uses, on the server and in the forms. */
export const ALLOWED_MEDIA_TEXT = 'Only PNG, JPG, WebP, GIF, MP4, WebM and MP3 files are allowed.'
