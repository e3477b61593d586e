// Judges an image by the size its headers declare, before anything is decoded (limits.ts has the numbers). Sharp's
// metadata() reads headers only and reports width, height and frame count for JPEG, PNG and WebP (animated WebP:
// the canvas and its pages). Two things it does not tell: a GIF's logical screen and frame rectangles (it reports
// the first frame's size, while browsers allocate the screen), and an APNG's frame count; those come from the
// file's own blocks. A refusal is the contract's plain 415, like any other file that is not an acceptable image.
import { InvalidFileTypeError } from '../errors'
import type { GifFrame } from './gif'
import { MAX_ANIMATION_PIXELS, MAX_FRAMES, MAX_PIXELS, MAX_SIDE } from './limits'

/** Throws 415 unless a canvas of width × height shown for `frames` frames is within the limits. */
export function checkDeclaredSize(width: number, height: number, frames = 1): void {
  const pixels = width * height
  const within = width > 0 && height > 0 && width <= MAX_SIDE && height <= MAX_SIDE && pixels <= MAX_PIXELS &&
    frames >= 1 && frames <= MAX_FRAMES && frames * pixels <= MAX_ANIMATION_PIXELS
  if (!within) throw new InvalidFileTypeError()
}

/** A GIF's canvas: its logical screen, grown to any frame reaching past it (decoders grow it the same way). */
export function checkGif(screen: { width: number; height: number }, frames: GifFrame[]): void {
  let width = screen.width
  let height = screen.height
  for (const f of frames) {
    if (f.width === 0 || f.height === 0) throw new InvalidFileTypeError()
    width = Math.max(width, f.left + f.width)
    height = Math.max(height, f.top + f.height)
  }
  checkDeclaredSize(width, height, frames.length)
}

/** An APNG's frame count from its acTL chunk (1 for a plain PNG), read from the chunks before the first IDAT. */
export function pngFrameCount(b: Buffer): number {
  let i = 8
  while (i + 12 <= b.length) {
    const length = b.readUInt32BE(i)
    const type = b.subarray(i + 4, i + 8).toString('latin1')
    if (type === 'acTL' && length >= 8 && i + 16 <= b.length) return b.readUInt32BE(i + 8)
    if (type === 'IDAT' || type === 'IEND') break
    i += 12 + length
  }
  return 1
}
