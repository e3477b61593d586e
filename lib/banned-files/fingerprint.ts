// What a file is recognised by once banned: the SHA-256 of its bytes as uploaded, the SHA-256 of what would be stored
// (metadata stripped, so the same picture with other EXIF still matches), and for images a 64-bit DCT perceptual
// hash (sharp-phash's, computed by dct-hash.ts) of the 150 px thumbnail every upload already gets, which survives
// resizing and recompression. Videos and audio are matched by digest only: a video's first frame is often black or a
// title card, and a hash of it would refuse unrelated videos. Flat images (almost one colour) and pictures that vary
// along one axis only get no perceptual hash for the same reason: their bits would say nothing of the picture.
import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { DCT_SAMPLE, dctHash } from './dct-hash'

/**
 * Largest Hamming distance (of 64 bits) at which two perceptual hashes count as the same picture. Measured on 40
 * generated 640×480 scenes (tests/unit/banned-file-phash.test.ts repeats it on 20): resizing to 80 % and saving as
 * JPEG quality 70 moved the hash by at most 4 bits, WebP/JPEG recompression and halving by at most 3, cropping 3 %
 * off each edge by at most 9 and 5 % by at most 13; unrelated scenes were never closer than 19 bits (median 32).
 * 10 takes every resize and recompression and most slight crops with room to spare, and stays far from 19.
 */
export const PHASH_MAX_DISTANCE = 10

/** Below this standard deviation of grey levels (0–255) in the 32×32 square an image is "flat": its hash is noise. */
const FLAT_STDEV = 4

export const sha256Hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** The perceptual hash of an image thumbnail as 16 hex digits, or null for a flat or one-dimensional image. */
export async function perceptualHash(thumbnail: Buffer): Promise<string | null> {
  // One decode: the 32×32 grey square judges flatness and is what the hash is computed from.
  const grey = await sharp(thumbnail, { pages: 1 })
    .rotate()
    .greyscale()
    .resize(DCT_SAMPLE, DCT_SAMPLE, { fit: 'fill' })
    .raw()
    .toBuffer()
  if (stdev(grey) < FLAT_STDEV) return null
  return dctHash(grey)
}

function stdev(values: Uint8Array): number {
  let sum = 0
  for (const v of values) sum += v
  const mean = sum / values.length
  let squares = 0
  for (const v of values) squares += (v - mean) ** 2
  return Math.sqrt(squares / values.length)
}

/** A hash as two 32-bit halves, for cheap comparison against every entry. */
export const hashHalves = (hex: string): [number, number] => [
  parseInt(hex.slice(0, 8), 16) >>> 0,
  parseInt(hex.slice(8, 16), 16) >>> 0,
]

function popcount32(n: number): number {
  n = n - ((n >>> 1) & 0x55555555)
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333)
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}

export const hammingDistance = (a: [number, number], b: [number, number]) =>
  popcount32((a[0] ^ b[0]) >>> 0) + popcount32((a[1] ^ b[1]) >>> 0)

/** The SHA-256 a storage key carries ("3f/3f9c…e1.webp" → "3f9c…e1"), or null for a key of another shape. */
export function storedSha256OfKey(key: string): string | null {
  return /^[0-9a-f]{2}\/([0-9a-f]{64})\.[a-z0-9]+$/.exec(key)?.[1] ?? null
}
