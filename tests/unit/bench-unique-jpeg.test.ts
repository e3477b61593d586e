// The image-reply bench's unique uploads: every body holds a different JPEG that still decodes to the same picture
// size, and nothing outside the quantisation tail changes.
import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { expect, it } from 'vitest'
import { multipart } from '@/bench/http'
import { quantisationTail, uniqueJpegBodies } from '@/bench/unique-jpeg'
import { noisy } from '../helpers/media'

const photo = () => noisy(160, 120).jpeg({ quality: 85 }).toBuffer()

it('gives each body a JPEG of its own that decodes like the original', async () => {
  const jpeg = await photo()
  const { body } = multipart({ content: 'x' }, { field: 'image', name: 'p.jpg', type: 'image/jpeg', bytes: jpeg })
  const next = uniqueJpegBodies(body, jpeg)
  const start = body.indexOf(jpeg)
  const tail = quantisationTail(jpeg).map((o) => start + o)
  const digests = new Set<string>()
  for (let i = 0; i < 600; i++) {
    const b = next()
    expect(b.length).toBe(body.length)
    const differing = [...b.keys()].filter((k) => b[k] !== body[k])
    expect(differing.every((k) => tail.includes(k))).toBe(true)
    const file = b.subarray(start, start + jpeg.length)
    digests.add(createHash('sha256').update(file).digest('hex'))
    if (i % 150 === 0 || i === 599) {
      const meta = await sharp(file).metadata()
      expect([meta.width, meta.height]).toEqual([160, 120])
      await sharp(file).raw().toBuffer() // decodes through the changed table
    }
  }
  // 600 counters cross the first digit's 255 values twice: every one of them a different file.
  expect(digests.size).toBe(600)
})

it('refuses what is not a JPEG with a table', () => {
  expect(() => quantisationTail(Buffer.from('GIF89a'))).toThrow('not a JPEG')
  expect(() => quantisationTail(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2]))).toThrow('no 8-bit quantisation table')
})
