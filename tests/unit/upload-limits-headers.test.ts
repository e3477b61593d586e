// Declared sizes judged before decoding (lib/media/image-limits.ts) and MP4 box sizes (lib/media/mp4-boxes.ts).
import { describe, expect, it } from 'vitest'
import { InvalidFileTypeError } from '@/lib/errors'
import { MAX_ANIMATION_PIXELS, MAX_FRAMES, MAX_SIDE } from '@/lib/limits'
import { checkDeclaredSize, checkGif } from '@/lib/media/image-limits'
import { mp4BoxesValid } from '@/lib/media/mp4-boxes'
import { mp4WithBogusMoovSize } from '../helpers/hostile-media'
import { mp4 } from '../helpers/media'

describe('declared image sizes', () => {
  it('accepts sizes within the limits and refuses each limit crossed', () => {
    expect(() => checkDeclaredSize(MAX_SIDE, 5000)).not.toThrow()
    expect(() => checkDeclaredSize(1920, 1080, 240)).not.toThrow()
    for (const [w, h, frames] of [
      [MAX_SIDE + 1, 10, 1],
      [10, MAX_SIDE + 1, 1],
      [8000, 8000, 1],
      [0, 10, 1],
      [10, 10, MAX_FRAMES + 1],
      [10_000, 5_000, 11],
      [1, 1, 0],
    ]) {
      expect(() => checkDeclaredSize(w, h, frames), `${w}×${h}×${frames}`).toThrow(InvalidFileTypeError)
    }
    expect(10_000 * 5_000 * 11).toBeGreaterThan(MAX_ANIMATION_PIXELS)
  })

  it('grows a GIF canvas to frames reaching past the logical screen', () => {
    expect(() => checkGif({ width: 10, height: 10 }, [{ left: 0, top: 0, width: 10, height: 10 }])).not.toThrow()
    expect(() => checkGif({ width: 10, height: 10 }, [{ left: 65000, top: 0, width: 10, height: 10 }])).toThrow(
      InvalidFileTypeError,
    )
    expect(() => checkGif({ width: 65535, height: 65535 }, [{ left: 0, top: 0, width: 10, height: 10 }])).toThrow(
      InvalidFileTypeError,
    )
  })
})

describe('MP4 box sizes', () => {
  it('accepts a real MP4 and refuses one whose moov declares a bogus size', async () => {
    const good = await mp4()
    expect(mp4BoxesValid(good)).toBe(true)
    expect(mp4BoxesValid(await mp4WithBogusMoovSize())).toBe(false)
    const small = Buffer.from(good)
    small.writeUInt32BE(16, small.indexOf('moov') - 4)
    expect(mp4BoxesValid(small)).toBe(false)
    const trak = Buffer.from(good)
    trak.writeUInt32BE(0x10000, trak.indexOf('trak') - 4)
    expect(mp4BoxesValid(trak)).toBe(false)
    expect(mp4BoxesValid(Buffer.concat([good, Buffer.from('junk')]))).toBe(false)
  })
})
