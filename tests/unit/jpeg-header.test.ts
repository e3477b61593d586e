// A JPEG's size and orientation read from its blocks (lib/media/jpeg-header.ts): the same as libvips reads (sharp's
// metadata()) for every orientation, byte order and kind of JPEG, and null (ask libvips) for whatever is not plainly
// readable, so that an upload is never judged upright when libvips would rotate it.
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { jpegHeader } from '@/lib/media/jpeg-header'
import { noisy } from '../helpers/media'

const libvips = async (jpeg: Buffer) => {
  const { width, height, orientation } = await sharp(jpeg).metadata()
  return { width, height, orientation: orientation ?? 1 }
}

/** An APP1 EXIF block of a TIFF structure in either byte order whose IFD0 holds `entries` ([tag, type, count, value]). */
function exifBlock(order: 'II' | 'MM', entries: [number, number, number, number][]): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 12 * entries.length + 4)
  const le = order === 'II'
  const u16 = (v: number, at: number) => (le ? tiff.writeUInt16LE(v, at) : tiff.writeUInt16BE(v, at))
  const u32 = (v: number, at: number) => (le ? tiff.writeUInt32LE(v, at) : tiff.writeUInt32BE(v, at))
  tiff.write(order, 0, 'latin1')
  u16(42, 2)
  u32(8, 4)
  u16(entries.length, 8)
  entries.forEach(([tag, type, count, value], k) => {
    u16(tag, 10 + 12 * k)
    u16(type, 12 + 12 * k)
    u32(count, 14 + 12 * k)
    u16(value, 18 + 12 * k)
  })
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff])
  const head = Buffer.from([0xff, 0xe1, 0, 0])
  head.writeUInt16BE(payload.length + 2, 2)
  return Buffer.concat([head, payload])
}
/** The JPEG with `blocks` inserted right after its SOI. */
const withBlocks = (jpeg: Buffer, ...blocks: Buffer[]) =>
  Buffer.concat([jpeg.subarray(0, 2), ...blocks, jpeg.subarray(2)])

describe('jpegHeader', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('reads orientation %i as libvips does', async (orientation) => {
    const jpeg = await noisy(120, 80).jpeg().withMetadata({ orientation }).toBuffer()
    expect(jpegHeader(jpeg)).toEqual(await libvips(jpeg))
    expect(jpegHeader(jpeg)).toEqual({ width: 120, height: 80, orientation })
  })

  it.each([
    ['baseline, no EXIF', () => noisy(99, 41).jpeg()],
    ['progressive', () => noisy(64, 300).jpeg({ progressive: true })],
    ['mozjpeg', () => noisy(300, 64).jpeg({ mozjpeg: true })],
    [
      'EXIF without an orientation, and an ICC profile',
      () =>
        noisy(50, 50)
          .jpeg()
          .withExif({ IFD0: { Make: 'Cam' } })
          .withIccProfile('p3'),
    ],
    ['greyscale', () => noisy(33, 17).greyscale().jpeg()],
  ])('reads the size of a %s JPEG as libvips does', async (_, make) => {
    const jpeg = await make().toBuffer()
    expect(jpegHeader(jpeg)).toEqual(await libvips(jpeg))
  })

  it.each(['II', 'MM'] as const)(
    'reads a %s (byte order) EXIF block written by hand as libvips does',
    async (order) => {
      const plain = await noisy(40, 30).jpeg().toBuffer()
      const jpeg = withBlocks(
        plain,
        exifBlock(order, [
          [0x010f, 2, 1, 0],
          [0x0112, 3, 1, 6],
        ]),
      )
      expect(await libvips(jpeg)).toMatchObject({ orientation: 6 })
      expect(jpegHeader(jpeg)).toEqual({ width: 40, height: 30, orientation: 6 })
    },
  )

  it('leaves to libvips what it cannot vouch for', async () => {
    const plain = await noisy(40, 30).jpeg().toBuffer()
    const upright = exifBlock('II', [[0x0112, 3, 1, 1]])
    const rotated = exifBlock('MM', [[0x0112, 3, 1, 8]])
    for (const odd of [
      withBlocks(plain, upright, rotated), // two EXIF blocks: which one counts is libvips's call
      withBlocks(plain, exifBlock('II', [[0x0112, 3, 1, 9]])), // not one of the eight
      withBlocks(plain, exifBlock('II', [[0x0112, 4, 1, 6]])), // a LONG, not a SHORT
      withBlocks(plain, Buffer.from('ffe1000a457869660000494a', 'hex')), // EXIF cut short
      plain.subarray(0, 20), // cut off before the frame
      Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2]), // a scan before any frame
      Buffer.from('not a jpeg'),
      Buffer.alloc(0),
    ]) {
      expect(jpegHeader(odd)).toBeNull()
    }
  })
})
