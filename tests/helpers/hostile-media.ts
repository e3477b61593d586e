// Hostile uploads, built byte by byte on the spot: forged GIF screens, a GIF that is also JavaScript, animations
// over the frame budget, an MP4 with a lying `moov` size and an "MP3" that is only a tag.
import sharp from 'sharp'
import { gif, mp4 } from './media'

/** The LZW data of one 1×1 frame in colour 0 (code size 2: clear, 0, end). */
const ONE_PIXEL_LZW = [0x02, 0x02, 0x44, 0x01, 0x00]
const TWO_COLOURS = (a: number[], b: number[]) => [...a, ...b]

const u16 = (n: number) => [n & 0xff, n >> 8]
const loopBlock = (count: number) => [0x21, 0xff, 11, ...Buffer.from('NETSCAPE2.0'), 3, 1, ...u16(count), 0]
const control = (delayCs: number) => [0x21, 0xf9, 4, 0x04, ...u16(delayCs), 0, 0]
/** A 1×1 frame at (left, top) with its own two-colour table, the pixel in the first colour. */
const frame = (left: number, top: number, rgb: number[]) => [
  0x2c,
  ...u16(left),
  ...u16(top),
  ...u16(1),
  ...u16(1),
  0x80,
  ...TWO_COLOURS(rgb, [255, 255, 255]),
  ...ONE_PIXEL_LZW,
]
const comment = (text: string) => [0x21, 0xfe, text.length, ...Buffer.from(text, 'latin1'), 0]

/** A real GIF whose logical screen is then declared width × height (the frame itself stays small). */
export async function gifWithForgedScreen(width = 65535, height = 65535): Promise<Buffer> {
  const b = Buffer.from(await gif(20, 20))
  b.writeUInt16LE(width, 6)
  b.writeUInt16LE(height, 8)
  return b
}

/** An animated GIF of 1×1 frames on a screen of the given size (no global colour table). */
export function framesGif(frames: number, screen = { width: 1, height: 1 }): Buffer {
  const body: number[] = [
    ...Buffer.from('GIF89a'),
    ...u16(screen.width),
    ...u16(screen.height),
    0x00,
    0,
    0,
    ...loopBlock(0),
  ]
  for (let i = 0; i < frames; i++) body.push(...control(10), ...frame(0, 0, [i % 256, 0, 0]))
  return Buffer.from([...body, 0x3b])
}

export const POLYGLOT_PAYLOAD = 'globalThis.pwned=1'
export const POLYGLOT_TAIL = 'globalThis.tail=1'

/**
 * A two-frame animated GIF that is also valid JavaScript: the screen size spells `= 1\n`, the colour flags and the
 * aspect-ratio byte open a comment (`;/*`), a comment extension closes it, runs the payload and reopens it, and the
 * bytes after the trailer close it and run more code. Run as a script, it sets `pwned` and `tail`.
 */
export function gifJsPolyglot(): Buffer {
  const head = [...Buffer.from('GIF89a= 1\n;/*', 'latin1')] // 8253 × 2609 screen, no global colour table
  const body = [
    ...head,
    ...comment(`*/;${POLYGLOT_PAYLOAD};/*`),
    ...loopBlock(0),
    ...control(20),
    ...frame(0, 0, [200, 0, 0]),
    ...control(20),
    ...frame(1, 0, [0, 0, 200]),
    0x3b,
    ...Buffer.from(`*/;${POLYGLOT_TAIL}//`, 'latin1'),
  ]
  return Buffer.from(body)
}

/** An animated WebP of `frames` 1×1 frames; `canvas` then forges the declared canvas (VP8X) to that size. */
export async function framesWebp(frames: number, canvas?: { width: number; height: number }): Promise<Buffer> {
  const raw = Buffer.alloc(frames * 3)
  for (let i = 0; i < frames; i++) raw[i * 3] = i % 256
  const b = await sharp(raw, { raw: { width: 1, height: frames, channels: 3, pageHeight: 1 } as never })
    .webp({ loop: 0, lossless: true })
    .toBuffer()
  if (canvas) {
    const vp8x = b.indexOf('VP8X')
    b.writeUIntLE(canvas.width - 1, vp8x + 12, 3)
    b.writeUIntLE(canvas.height - 1, vp8x + 15, 3)
  }
  return b
}

/** A real MP4 whose `moov` box then declares a size far beyond the end of the file. */
export async function mp4WithBogusMoovSize(): Promise<Buffer> {
  const b = Buffer.from(await mp4())
  b.writeUInt32BE(0x7ffffff0, b.indexOf('moov') - 4)
  return b
}

/**
 * An "MP3" that is an ID3v2 tag (a title frame) and nothing else: no audio frame. The tag declares 1 KiB of padding
 * that is not there, as a tag cut from a real file does; content sniffing then calls it audio/mpeg.
 */
export function id3OnlyMp3(): Buffer {
  const title = Buffer.from('\x03Not a song', 'latin1') // encoding byte (UTF-8), then the text
  const frameHead = Buffer.concat([Buffer.from('TIT2'), Buffer.from([0, 0, 0, title.length, 0, 0])])
  const tag = Buffer.concat([frameHead, title])
  const declared = tag.length + 1024 // syncsafe: 7 bits a byte
  return Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, declared >> 7, declared & 0x7f]), tag])
}
