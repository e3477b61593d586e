// GIFs are rebuilt from their picture blocks (lib/media/gif.ts): comments, application and plain-text extensions
// and bytes after the trailer go, the loop count is rewritten, every frame decodes to the same pixels.
import vm from 'node:vm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { MalformedGifError, parseGif } from '@/lib/media/gif'
import { POLYGLOT_PAYLOAD, POLYGLOT_TAIL, framesGif, gifJsPolyglot } from '../helpers/hostile-media'

const allFrames = async (gif: Buffer) => {
  const { data, info } = await sharp(gif, { pages: -1 }).raw().toBuffer({ resolveWithObject: true })
  const meta = await sharp(gif).metadata()
  return { data, info, pages: meta.pages, loop: meta.loop, delay: meta.delay }
}

/** Inserts raw blocks right after the screen descriptor and global colour table of a GIF made by sharp. */
function withBlocks(gif: Buffer, blocks: Buffer, trailing = Buffer.alloc(0)): Buffer {
  const screenEnd = 13 + (gif[10] & 0x80 ? 3 * (2 << (gif[10] & 7)) : 0)
  return Buffer.concat([gif.subarray(0, screenEnd), blocks, gif.subarray(screenEnd), trailing])
}
const subBlocks = (text: string) =>
  Buffer.concat([Buffer.from([text.length]), Buffer.from(text, 'latin1'), Buffer.from([0])])
const commentExt = (text: string) => Buffer.concat([Buffer.from([0x21, 0xfe]), subBlocks(text)])
const plainTextExt = (text: string) =>
  Buffer.concat([Buffer.from([0x21, 0x01, 12, ...Buffer.alloc(12)]), subBlocks(text)])
const appExt = (id: string, data: string) =>
  Buffer.concat([Buffer.from([0x21, 0xff, 11]), Buffer.from(id, 'latin1'), subBlocks(data)])

async function animated(): Promise<Buffer> {
  const frames = await Promise.all(
    [
      [200, 0, 0],
      [0, 200, 0],
      [0, 0, 200],
    ].map(([r, g, b]) =>
      sharp({ create: { width: 12, height: 8, channels: 3, background: { r, g, b } } })
        .raw()
        .toBuffer(),
    ),
  )
  return sharp(Buffer.concat(frames), { raw: { width: 12, height: 24, channels: 3, pageHeight: 8 } as never })
    .gif({ loop: 3, delay: [70, 80, 90] })
    .toBuffer()
}

describe('GIF rewriting', () => {
  it('drops comment, plain-text, XMP and unknown application extensions and trailing bytes, keeping frames, delays and loop count', async () => {
    const original = await animated()
    const hostile = withBlocks(
      original,
      Buffer.concat([
        commentExt('SecretComment'),
        plainTextExt('SecretText'),
        appExt('XMP DataXMP', 'SecretXmp'),
        appExt('EVILAPP1.00', 'SecretApp'),
      ]),
      Buffer.from('PK\x03\x04SecretZip', 'latin1'),
    )
    const { body, frames } = parseGif(hostile)
    for (const secret of ['SecretComment', 'SecretText', 'SecretXmp', 'SecretApp', 'EVILAPP', 'SecretZip'])
      expect(body.includes(secret), secret).toBe(false)
    expect(body.at(-1)).toBe(0x3b)
    expect(frames).toHaveLength(3)
    const [a, b] = await Promise.all([allFrames(body), allFrames(original)])
    expect(a.info).toEqual(b.info)
    expect(a.data.equals(b.data)).toBe(true)
    expect([a.pages, a.loop, a.delay]).toEqual([3, 3, [70, 80, 90]])
  })

  it('removes the payload of a GIF/JavaScript polyglot, which then no longer runs as a script', async () => {
    const polyglot = gifJsPolyglot()
    const sandbox: Record<string, unknown> = {}
    vm.runInNewContext(polyglot.toString('latin1'), sandbox)
    expect(sandbox).toMatchObject({ pwned: 1, tail: 1 }) // the fixture really is both

    const { body, screen } = parseGif(polyglot)
    expect(screen).toEqual({ width: 8253, height: 2609 })
    expect(body.includes(POLYGLOT_PAYLOAD)).toBe(false)
    expect(body.includes(POLYGLOT_TAIL)).toBe(false)
    const after: Record<string, unknown> = {}
    try {
      vm.runInNewContext(body.toString('latin1'), after)
    } catch {
      /* a syntax error is the usual outcome */
    }
    expect(after.pwned).toBeUndefined()
    const [a, b] = await Promise.all([allFrames(body), allFrames(polyglot)])
    expect(a.data.equals(b.data)).toBe(true)
    expect(a.pages).toBe(2)
  })

  it('keeps a graphic control across a comment before its image, and drops the one of a plain-text block', async () => {
    const original = await animated()
    const firstControl = original.indexOf(Buffer.from([0x21, 0xf9]))
    const control = original.subarray(firstControl, firstControl + 8)
    const moved = Buffer.concat([
      original.subarray(0, firstControl + 8),
      commentExt('SecretComment'),
      original.subarray(firstControl + 8),
    ])
    const orphan = withBlocks(
      original,
      Buffer.concat([Buffer.from([0x21, 0xf9, 4, 0x09, 0xff, 0xff, 0, 0]), plainTextExt('SecretText')]),
    )
    for (const hostile of [moved, orphan]) {
      const { body } = parseGif(hostile)
      expect(body.equals(parseGif(original).body)).toBe(true)
      expect(body.includes(control)).toBe(true)
    }
  })

  it('reports the logical screen and every frame rectangle', () => {
    const gif = framesGif(4, { width: 300, height: 200 })
    const { screen, frames } = parseGif(gif)
    expect(screen).toEqual({ width: 300, height: 200 })
    expect(frames).toEqual(Array(4).fill({ left: 0, top: 0, width: 1, height: 1 }))
  })

  it('adds the trailer to a file cut after its last frame, and refuses one cut inside a frame or without any', () => {
    const gif = framesGif(2)
    expect(parseGif(gif.subarray(0, -1)).body.equals(parseGif(gif).body)).toBe(true)
    expect(() => parseGif(gif.subarray(0, -3))).toThrow(MalformedGifError)
    expect(() => parseGif(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'))).toThrow(MalformedGifError)
    expect(() => parseGif(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00\x99', 'latin1'))).toThrow(MalformedGifError)
  })
})
