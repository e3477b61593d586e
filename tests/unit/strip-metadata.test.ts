// Lossless metadata removal (lib/media/strip-metadata.ts): metadata blocks and trailing bytes go, the pixels stay
// exactly the uploaded ones, and anything the code does not understand is left to the re-encoding path (null).
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { stripMetadata } from '@/lib/media/strip-metadata'
import { noisy, pngChunk } from '../helpers/media'

const SECRET_EXIF = {
  IFD0: { Make: 'SecretCam', Model: 'Spy 3000' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' },
}
const SECRET_XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>SecretAuthor</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>'
const APPENDED = Buffer.from('PK\x03\x04 hidden archive SecretZip', 'latin1')

const pixels = async (image: Buffer) => await sharp(image).raw().toBuffer({ resolveWithObject: true })
const segment = (marker: number, payload: string) => {
  const head = Buffer.from([0xff, marker, 0, 0])
  head.writeUInt16BE(payload.length + 2, 2)
  return Buffer.concat([head, Buffer.from(payload, 'latin1')])
}

async function expectSamePixels(stripped: Buffer, original: Buffer) {
  const [a, b] = await Promise.all([pixels(stripped), pixels(original)])
  expect(a.info).toEqual(b.info)
  expect(a.data.equals(b.data)).toBe(true)
}

function expectNoSecrets(stripped: Buffer) {
  for (const secret of [
    'SecretCam',
    'Spy 3000',
    'SecretAuthor',
    'SecretComment',
    'SecretIptc',
    'SecretZip',
    'SecretText',
  ]) {
    expect(stripped.includes(secret), secret).toBe(false)
  }
}

describe('JPEG', () => {
  for (const progressive of [false, true]) {
    it(`drops EXIF, XMP, IPTC, comments and appended bytes of a ${progressive ? 'progressive' : 'baseline'} JPEG, keeps ICC and every pixel`, async () => {
      const encoded = await noisy(160, 90)
        .jpeg({ progressive, quality: 85 })
        .withExif(SECRET_EXIF)
        .withXmp(SECRET_XMP)
        .withIccProfile('p3')
        .toBuffer()
      // A comment and a Photoshop/IPTC block after SOI, and a ZIP glued to the end.
      const upload = Buffer.concat([
        encoded.subarray(0, 2),
        segment(0xfe, 'SecretComment'),
        segment(0xed, 'Photoshop 3.0\0SecretIptc'),
        encoded.subarray(2),
        APPENDED,
      ])
      const before = await sharp(upload).metadata()
      expect([before.exif, before.xmp, before.icc].every(Boolean)).toBe(true)

      const stripped = stripMetadata(upload, 'jpg')!
      expect(stripped).not.toBeNull()
      expectNoSecrets(stripped)
      const after = await sharp(stripped).metadata()
      expect(after).toMatchObject({ format: 'jpeg', width: 160, height: 90, isProgressive: progressive })
      expect([after.exif, after.xmp, after.iptc, after.comments]).toEqual([undefined, undefined, undefined, undefined])
      expect(after.icc?.equals(before.icc!)).toBe(true)
      expect(stripped.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]))
      expect(stripped.length).toBeLessThan(encoded.length)
      await expectSamePixels(stripped, encoded)
    })
  }

  it('gives a JPEG or PNG that carries nothing to drop back as it is, not copied', async () => {
    for (const clean of [await noisy(64, 48).jpeg().toBuffer(), await noisy(64, 48).png().toBuffer()]) {
      expect(stripMetadata(clean, clean[0] === 0xff ? 'jpg' : 'png')).toBe(clean)
    }
    // One byte more (appended after the end) and the result is a new, shorter buffer.
    const jpeg = await noisy(64, 48).jpeg().toBuffer()
    const appended = Buffer.concat([jpeg, Buffer.from([0])])
    const stripped = stripMetadata(appended, 'jpg')!
    expect(stripped).not.toBe(appended)
    expect(stripped.equals(jpeg)).toBe(true)
  })

  it('refuses what it cannot vouch for: truncated data, no scan, not a JPEG', async () => {
    const whole = await noisy(64, 64).jpeg().toBuffer()
    expect(stripMetadata(whole.subarray(0, whole.length - 200), 'jpg')).toBeNull()
    expect(stripMetadata(Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'jpg')).toBeNull()
    expect(stripMetadata(Buffer.from('GIF89a not a jpeg'), 'jpg')).toBeNull()
    expect(stripMetadata(Buffer.alloc(0), 'jpg')).toBeNull()
  })
})

describe('PNG', () => {
  it('drops text, eXIf, tIME and unknown ancillary chunks and appended bytes, keeps every pixel', async () => {
    const encoded = await noisy(120, 80).png().withExif(SECRET_EXIF).withXmp(SECRET_XMP).toBuffer()
    const iend = encoded.length - 12
    const upload = Buffer.concat([
      encoded.subarray(0, 33), // signature + IHDR
      pngChunk('tEXt', Buffer.from('Comment\0SecretText', 'latin1')),
      pngChunk('tIME', Buffer.alloc(7)),
      pngChunk('prVt', Buffer.from('SecretComment')),
      encoded.subarray(33, iend),
      encoded.subarray(iend),
      APPENDED,
    ])
    expect((await sharp(upload).metadata()).exif).toBeDefined()
    const stripped = stripMetadata(upload, 'png')!
    expect(stripped).not.toBeNull()
    expectNoSecrets(stripped)
    const after = await sharp(stripped).metadata()
    expect([after.exif, after.xmp, after.comments]).toEqual([undefined, undefined, undefined])
    expect(stripped.subarray(-8, -4).toString('latin1')).toBe('IEND')
    await expectSamePixels(stripped, encoded)
  })

  it('refuses an unknown critical chunk and a chunk running past the end', async () => {
    const encoded = await noisy(20, 20).png().toBuffer()
    expect(
      stripMetadata(
        Buffer.concat([encoded.subarray(0, 33), pngChunk('ABCD', Buffer.alloc(4)), encoded.subarray(33)]),
        'png',
      ),
    ).toBeNull()
    expect(stripMetadata(encoded.subarray(0, encoded.length - 20), 'png')).toBeNull()
  })
})

describe('WebP', () => {
  it('drops EXIF and XMP chunks, clears their flags and fixes the RIFF size, keeps every pixel', async () => {
    const encoded = await noisy(100, 60).webp({ quality: 80 }).withExif(SECRET_EXIF).withXmp(SECRET_XMP).toBuffer()
    const upload = Buffer.concat([encoded, APPENDED])
    const stripped = stripMetadata(upload, 'webp')!
    expect(stripped).not.toBeNull()
    expectNoSecrets(stripped)
    expect(stripped.readUInt32LE(4)).toBe(stripped.length - 8)
    const vp8x = stripped.indexOf('VP8X')
    expect(vp8x).toBe(12)
    expect(stripped[vp8x + 8] & 0x0c).toBe(0)
    const after = await sharp(stripped).metadata()
    expect([after.exif, after.xmp]).toEqual([undefined, undefined])
    await expectSamePixels(stripped, encoded)
  })

  it('refuses a RIFF without image data', () => {
    const riff = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.from([12, 0, 0, 0]),
      Buffer.from('WEBPEXIF'),
      Buffer.alloc(4),
    ])
    expect(stripMetadata(riff, 'webp')).toBeNull()
  })
})
