// The file name the poster's device gave, as kept for the file info line: the last path segment only, without
// control or bidirectional-override characters (they could reorder the text around it), at most 255 characters.
// It is plain text: pages escape it like any other user text.
const UNSAFE = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu

export function originalName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? ''
  return Array.from(base.replace(UNSAFE, '').trim()).slice(0, 255).join('')
}
