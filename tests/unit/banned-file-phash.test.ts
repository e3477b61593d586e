// The perceptual-hash threshold of banned files, measured on real transformations: pictures resized, recompressed
// or slightly cropped stay within PHASH_MAX_DISTANCE of the original (hashed from the thumbnail, as uploads are),
// and unrelated pictures stay well beyond it. Flat images get no hash, so they can never match each other. The hash
// is sharp-phash's, computed faster: the library itself is the reference it is compared with.
import sharp from 'sharp'
import phash from 'sharp-phash'
import { describe, expect, it } from 'vitest'
import { DCT_SAMPLE, dctHash } from '@/lib/banned-files/dct-hash'
import {
  hammingDistance,
  hashHalves,
  PHASH_MAX_DISTANCE,
  perceptualHash,
  storedSha256OfKey,
} from '@/lib/banned-files/fingerprint'
import { messageFor } from '@/lib/error-messages'
import { thumbnailOf } from '@/lib/media/process'
import { noisy, png, scene, shrunkJpeg } from '../helpers/media'

const hashOf = async (image: Buffer) => hashHalves((await perceptualHash(await thumbnailOf(image)))!)
const SEEDS = Array.from({ length: 20 }, (_, i) => 7 * i + 1)
/** A grey square from its value at (x, y). */
const greySquare = (at: (x: number, y: number) => number) =>
  Buffer.from(Array.from({ length: DCT_SAMPLE * DCT_SAMPLE }, (_, i) => at(i % DCT_SAMPLE, Math.floor(i / DCT_SAMPLE))))
/** Vertical stripes: detail along x only. */
const COLUMNS = greySquare((x) => (x * 8) % 256)

describe('perceptual hash of banned files', () => {
  it('keeps resized, recompressed and slightly cropped copies within the threshold', { timeout: 60_000 }, async () => {
    const transforms: Record<string, (b: Buffer) => Promise<Buffer>> = {
      '80 % at JPEG quality 70': (b) => shrunkJpeg(b, 640),
      'WebP quality 60': (b) => sharp(b).webp({ quality: 60 }).toBuffer(),
      'half size PNG': (b) => sharp(b).resize(320).png().toBuffer(),
      '3 % cropped off each edge': (b) => sharp(b).extract({ left: 10, top: 7, width: 620, height: 466 }).toBuffer(),
    }
    for (const seed of SEEDS) {
      const image = await scene(seed)
      const original = await hashOf(image)
      for (const [name, transform] of Object.entries(transforms)) {
        const d = hammingDistance(original, await hashOf(await transform(image)))
        expect(d, `seed ${seed}, ${name}`).toBeLessThanOrEqual(PHASH_MAX_DISTANCE)
      }
    }
  })

  it('keeps unrelated pictures beyond the threshold', { timeout: 60_000 }, async () => {
    const hashes = await Promise.all(SEEDS.map(async (s) => hashOf(await scene(s))))
    for (let i = 0; i < hashes.length; i++)
      for (let j = i + 1; j < hashes.length; j++)
        expect(hammingDistance(hashes[i], hashes[j]), `seeds ${SEEDS[i]} and ${SEEDS[j]}`).toBeGreaterThan(
          PHASH_MAX_DISTANCE,
        )
  })

  it("computes sharp-phash's hash bit for bit", { timeout: 60_000 }, async () => {
    const square = (image: Buffer) =>
      sharp(image).greyscale().resize(DCT_SAMPLE, DCT_SAMPLE, { fit: 'fill' }).raw().toBuffer()
    const gradient = greySquare((x, y) => ((y * DCT_SAMPLE + x) * 7) % 256)
    // The stripes through the thumbnail an upload gets: almost no detail along one axis.
    const stripes = await sharp(COLUMNS, { raw: { width: DCT_SAMPLE, height: DCT_SAMPLE, channels: 1 } })
      .resize(320, 240, { kernel: 'nearest' })
      .png()
      .toBuffer()
    const greys = [
      ...(await Promise.all(SEEDS.map(async (s) => square(await scene(s))))),
      await square(await noisy(64, 48).png().toBuffer()),
      await square(await thumbnailOf(stripes)),
      gradient,
    ]
    for (const grey of greys) {
      const bits = await phash(grey, { raw: { width: DCT_SAMPLE, height: DCT_SAMPLE, channels: 1 } })
      const expected = Array.from({ length: 16 }, (_, i) => parseInt(bits.slice(4 * i, 4 * i + 4), 2).toString(16))
      expect(dctHash(grey)).toBe(expected.join(''))
    }
    // Different pictures, different hashes: the comparison above is not between constants.
    expect(new Set(greys.map(dctHash)).size).toBe(greys.length)
  })

  // Uploads reach the hash through a lossy thumbnail, whose artefacts give such a picture small but real
  // coefficients: that case is among the squares compared with sharp-phash above.
  it('gives squares that vary along one axis only no hash (their coefficients are zero but for rounding)', () => {
    expect(dctHash(COLUMNS)).toBeNull()
    expect(dctHash(greySquare((_, y) => (y * 8) % 256))).toBeNull()
  })

  it('gives flat images no hash', async () => {
    expect(await perceptualHash(await thumbnailOf(await png(200, 100)))).toBeNull()
    expect(await perceptualHash(await thumbnailOf(await png(200, 100, { r: 0, g: 0, b: 0 })))).toBeNull()
  })

  it('counts differing bits', () => {
    expect(hammingDistance(hashHalves('ffffffffffffffff'), hashHalves('0000000000000000'))).toBe(64)
    expect(hammingDistance(hashHalves('8000000000000001'), hashHalves('0000000000000000'))).toBe(2)
    expect(hammingDistance(hashHalves('0123456789abcdef'), hashHalves('0123456789abcdef'))).toBe(0)
  })

  it('reads the stored SHA-256 from a storage key', () => {
    const sha = 'ab' + 'c'.repeat(62)
    expect(storedSha256OfKey(`ab/${sha}.webp`)).toBe(sha)
    expect(storedSha256OfKey(`ab/${sha}-thumb.webp`)).toBeNull()
    expect(storedSha256OfKey('legacy/file.png')).toBeNull()
  })

  it('gives posting forms a sentence for a refused file', () => {
    expect(messageFor({ error: 'File banned' }, 'fallback')).toBe(
      'This file is not allowed on this site. Please choose another one.',
    )
  })
})
