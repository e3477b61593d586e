// The media of new posts through the real server (tests/helpers/posting.ts): uploads over 4 MiB and files that are
// not what they claim are refused before anything is stored; EXIF and GPS are stripped, thumbnails made, identical
// files stored once, and GIF, MP4, WebM and MP3 accepted.
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { as, form, postForm } from '../helpers/http'
import { gif, jpegWithGps, mp3, mp4, noisy, png, pngBomb, webm } from '../helpers/media'
import { freshIp, mediaFiles, postsUrl, threadsUrl, withPostingServer } from '../helpers/posting'
import { sql } from '../helpers/sql'

const server = withPostingServer()

describe('POST /api/boards/{boardId}/threads', () => {
  it('refuses a file over 4 MiB early and writes nothing', async () => {
    const before = mediaFiles().length
    const [{ n: threadsBefore }] = await sql<{ n: number }>(server().database, 'SELECT count(*) AS n FROM threads')
    const big = Buffer.concat([await png(), Buffer.alloc(4 * 1024 * 1024 + 1 - (await png()).length)])
    expect(big.length).toBe(4 * 1024 * 1024 + 1)
    const res = await postForm(
      threadsUrl(),
      form({ topic: 't', content: 'c' }, { name: 'big.png', bytes: big }),
      as(freshIp()),
    )
    expect(res.status).toBe(413)
    expect(res.body).toEqual({ error: 'File too large', message: 'Files must be 4 MiB or smaller.', maxBytes: 4194304 })
    expect(mediaFiles().length).toBe(before)
    const [{ n: threadsAfter }] = await sql<{ n: number }>(server().database, 'SELECT count(*) AS n FROM threads')
    expect(Number(threadsAfter)).toBe(Number(threadsBefore))
  })

  it.each([
    ['text pretending to be an image', 'notes.png', () => Buffer.from('just some text, no image here')],
    ['a PNG named as a video', 'clip.mp4', () => png()],
    ['a decompression bomb', 'bomb.png', async () => pngBomb()],
    ['a truncated PNG', 'cut.png', async () => (await png(200, 200)).subarray(0, 60)],
  ])('answers 415 for %s and stores nothing', async (_label, name, make) => {
    const before = mediaFiles().length
    const res = await postForm(
      threadsUrl(),
      form({ topic: 't', content: 'c' }, { name, bytes: await make() }),
      as(freshIp()),
    )
    expect(res.status).toBe(415)
    expect(res.body).toEqual({
      error: 'Invalid file type',
      message: 'Only PNG, JPG, WebP, GIF, MP4, WebM and MP3 files are allowed.',
    })
    expect(mediaFiles().length).toBe(before)
  })
})

describe('media pipeline', () => {
  /** Opens a thread with the file and fetches its opening post and the file as stored. */
  async function uploaded(name: string, bytes: Buffer) {
    const res = await postForm(threadsUrl(), form({ topic: 'media', content: name }, { name, bytes }), as(freshIp()))
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const [op] = (await (await fetch(postsUrl(res.body.threadId))).json()).posts
    return { op, stored: Buffer.from(await (await fetch(server().url + op.image_url)).arrayBuffer()) }
  }

  it('strips EXIF and GPS, applies the orientation and makes a 150 px thumbnail', async () => {
    const upload = await jpegWithGps(400, 200)
    expect((await sharp(upload).metadata()).exif?.includes('SecretCam')).toBe(true)
    const { op, stored } = await uploaded('photo.jpeg', upload)
    const meta = await sharp(stored).metadata()
    expect(meta.format).toBe('jpeg')
    expect(meta.exif).toBeUndefined()
    expect(meta.xmp).toBeUndefined()
    expect(stored.includes('SecretCam')).toBe(false)
    expect([meta.width, meta.height]).toEqual([200, 400]) // orientation 6 applied
    const thumb = await sharp(
      Buffer.from(await (await fetch(server().url + op.thumbnail_url)).arrayBuffer()),
    ).metadata()
    expect(thumb.format).toBe('webp')
    expect(Math.max(thumb.width!, thumb.height!)).toBe(150)
  })

  it('strips an upright photo without re-encoding it: same pixels, no EXIF, GPS or appended bytes', async () => {
    const photo = await noisy(320, 240)
      .jpeg({ quality: 80 })
      .withExif({ IFD0: { Make: 'SecretCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' } })
      .toBuffer()
    const upload = Buffer.concat([photo, Buffer.from('PK\x03\x04 appended archive')])
    const { stored } = await uploaded('photo.jpg', upload)
    expect(stored.includes('SecretCam')).toBe(false)
    expect(stored.includes('appended archive')).toBe(false)
    expect((await sharp(stored).metadata()).exif).toBeUndefined()
    const [a, b] = await Promise.all([sharp(stored).raw().toBuffer(), sharp(photo).raw().toBuffer()])
    expect(a.equals(b)).toBe(true)
  })

  it('stores an identical file once', async () => {
    const bytes = await png(33, 33, { r: 1, g: 2, b: 3 })
    const one = await postForm(
      threadsUrl(),
      form({ topic: 'a', content: 'a' }, { name: 'a.png', bytes }),
      as(freshIp()),
    )
    const before = mediaFiles().length
    const two = await postForm(
      threadsUrl(),
      form({ topic: 'b', content: 'b' }, { name: 'b.png', bytes }),
      as(freshIp()),
    )
    expect(mediaFiles().length).toBe(before)
    const url = async (t: number) => (await (await fetch(postsUrl(t))).json()).posts[0].image_url
    expect(await url(one.body.threadId)).toBe(await url(two.body.threadId))
  })

  it.each([
    ['GIF', 'anim.gif', gif, 'image', /\.gif$/, /-thumb\.webp$/],
    ['MP4', 'clip.mp4', () => mp4(), 'video', /\.mp4$/, /-thumb\.webp$/],
    ['WebM', 'clip.webm', () => webm(), 'video', /\.webm$/, /-thumb\.webp$/],
    ['MP3', 'song.mp3', () => mp3(), 'audio', /\.mp3$/, /^\/placeholders\/audio\.svg$/],
  ])('accepts %s', async (_label, name, make, fileType, urlPattern, thumbPattern) => {
    const res = await postForm(
      threadsUrl(),
      form(
        { topic: 'media', content: String(name) },
        { name: String(name), bytes: await (make as () => Promise<Buffer>)() },
      ),
      as(freshIp()),
    )
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const [op] = (await (await fetch(postsUrl(res.body.threadId))).json()).posts
    expect(op.file_type).toBe(fileType)
    expect(op.image_url).toMatch(urlPattern as RegExp)
    expect(op.thumbnail_url).toMatch(thumbPattern as RegExp)
    const served = await fetch(server().url + op.image_url)
    expect(served.status).toBe(200)
  })
})
