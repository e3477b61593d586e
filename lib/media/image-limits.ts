// Judges an image by the size its headers declare, before anything is decoded (limits.ts has the numbers). Sharp's
// metadata() reads headers only and reports width, height and frame count for JPEG, PNG and WebP (animated WebP:
// the canvas and its pages). What it does not tell is a GIF's logical screen and frame rectangles (it reports the
// first frame's size, while browsers allocate the screen); those come from the GIF's own blocks. APNG never gets
// this far: content detection names it image/apng, which is not an accepted type. A refusal is the API's
// plain 415, as for any other file that is not an acceptable image.
import { InvalidFileTypeError } from '../errors'
import type { GifFrame } from './gif'
import { MAX_ANIMATION_PIXELS, MAX_FRAMES, MAX_PIXELS, MAX_SIDE } from '../limits'

/** Throws 415 unless a canvas of width × height shown for `frames` frames is within the limits. */
export function checkDeclaredSize(width: number, height: number, frames = 1): void {
  const pixels = width * height
  const within =
    width > 0 &&
    height > 0 &&
    width <= MAX_SIDE &&
    height <= MAX_SIDE &&
    pixels <= MAX_PIXELS &&
    frames >= 1 &&
    frames <= MAX_FRAMES &&
    frames * pixels <= MAX_ANIMATION_PIXELS
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
