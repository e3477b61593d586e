import { describe, expect, it } from 'vitest'
import { originalName } from '@/lib/media/original-name'
import { withheldSpoiler } from '@/lib/posts/spoiler'
import type { PublicPost } from '@/lib/posts/types'
import { fileDetails, formatBytes, formatDuration, shortenMiddle } from '@/lib/ui/file-info'

describe('file info texts', () => {
  it('shortens long names in the middle, keeping the extension', () => {
    expect(shortenMiddle('short.png')).toBe('short.png')
    const long = 'a-really-long-file-name-from-a-camera-roll-0001.jpeg'
    const short = shortenMiddle(long)
    expect(Array.from(short)).toHaveLength(40)
    expect(short).toBe('a-really-long-file-name-fro…ll-0001.jpeg')
    expect(shortenMiddle('🐱'.repeat(50))).toBe(`${'🐱'.repeat(27)}…${'🐱'.repeat(12)}`)
  })

  it('writes sizes, durations and the details line', () => {
    expect(formatBytes(900)).toBe('900 B')
    expect(formatBytes(150 * 1024)).toBe('150 KB')
    expect(formatBytes(1.25 * 1024 * 1024)).toBe('1.3 MB')
    expect(formatDuration(0.4)).toBe('0:01')
    expect(formatDuration(65)).toBe('1:05')
    expect(formatDuration(3725)).toBe('1:02:05')
    expect(fileDetails({ name: 'a', size: 2048, width: 640, height: 480, duration: null })).toBe('2 KB, 640×480')
    expect(fileDetails({ name: 'a', size: 2048, width: null, height: null, duration: 5 })).toBe('2 KB, 0:05')
  })
})

describe('original file names', () => {
  it('keep the last path segment without control or direction-override characters', () => {
    expect(originalName('C:\\Users\\me\\cat.png')).toBe('cat.png')
    expect(originalName('dir/sub/dog.gif')).toBe('dog.gif')
    expect(originalName('evil\u202egnp.exe\u0000\n')).toBe('evilgnp.exe')
    expect(Array.from(originalName('x'.repeat(300)))).toHaveLength(255)
  })
})

describe('a spoilered post on a page', () => {
  const post = {
    id: 1,
    image_url: '/media/ab/abc.png',
    thumbnail_url: '/media/ab/abc-thumb.webp',
    file_type: 'image',
    file_info: { name: 'ending.png', size: 1234, width: 10, height: 20, duration: null },
    spoiler: true,
  } as PublicPost

  it('keeps the link to the file and its size, nothing else of it', () => {
    const shown = withheldSpoiler(post)
    expect(shown.image_url).toBe(post.image_url)
    expect(shown.thumbnail_url).toBeNull()
    expect(shown.file_info).toEqual({ name: null, size: 1234, width: null, height: null, duration: null })
    expect(withheldSpoiler({ ...post, spoiler: false })).toEqual({ ...post, spoiler: false })
  })
})
