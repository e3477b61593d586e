// Real media files for upload tests, made on the spot with sharp and ffmpeg.
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { deflateSync, crc32 } from 'node:zlib'
import sharp from 'sharp'

export function png(width = 40, height = 30, color = { r: 200, g: 30, b: 30 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer()
}

/** A JPEG carrying EXIF with GPS coordinates, a camera name and orientation 6 (rotate 90° clockwise). */
export function jpegWithGps(width = 40, height = 20): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SecretCam', Model: 'Spy 3000' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 3/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer()
}

export function gif(width = 20, height = 20): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 0, g: 200, b: 0 } } })
    .gif()
    .toBuffer()
}

/** One PNG chunk: length, type, data, CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body) >>> 0)
  return Buffer.concat([len, body, crc])
}

/** A photo-like (noisy) image of the given size, as raw pixels for sharp. */
export const noisy = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })

/** A PNG whose header claims 30000×30000 pixels (a decompression bomb) with almost no data. */
export function pngBomb(): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(30000, 0)
  ihdr.writeUInt32BE(30000, 4)
  ihdr[8] = 8
  ihdr[9] = 2 // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/**
 * Asynchronous on purpose: an encode can take seconds on a loaded machine, and a test process blocked that long
 * keeps a keep-alive connection the server has meanwhile closed, so its next request fails with EPIPE.
 */
async function ffmpeg(args: string[], ext: string): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cb-ff-'))
  try {
    const out = path.join(dir, `out.${ext}`)
    await promisify(execFile)('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args, out])
    return await readFile(out)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

export const mp4 = () =>
  ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=5', '-t', '1', '-pix_fmt', 'yuv420p', '-c:v', 'libx264'], 'mp4')
export const webm = () =>
  ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=5', '-t', '1', '-c:v', 'libvpx'], 'webm')
export const mp3 = () => ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'libmp3lame'], 'mp3')

/**
 * A picture-like PNG (a background and 25 shapes of random colours, from a seeded generator): different seeds give
 * unrelated pictures, the same seed the same one. For the perceptual-hash tests of banned files.
 */
export function scene(seed: number, width = 640, height = 480): Promise<Buffer> {
  let s = seed >>> 0
  const rnd = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32
  }
  const colour = () => `rgb(${Math.floor(rnd() * 256)},${Math.floor(rnd() * 256)},${Math.floor(rnd() * 256)})`
  let shapes = `<rect width="100%" height="100%" fill="${colour()}"/>`
  for (let i = 0; i < 25; i++) {
    shapes +=
      rnd() < 0.5
        ? `<circle cx="${rnd() * width}" cy="${rnd() * height}" r="${20 + rnd() * 120}" fill="${colour()}"/>`
        : `<rect x="${rnd() * width}" y="${rnd() * height}" width="${30 + rnd() * 200}" height="${30 + rnd() * 200}" fill="${colour()}" transform="rotate(${rnd() * 60 - 30})"/>`
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${shapes}</svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

/** The banned-file test's transformation: resized to 80 % and saved as JPEG quality 70. */
export const shrunkJpeg = (image: Buffer, width: number) =>
  sharp(image)
    .resize(Math.round(width * 0.8))
    .jpeg({ quality: 70 })
    .toBuffer()
