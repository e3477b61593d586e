import { describe, expect, it } from 'vitest'
import { parseMarkup, referencedPostIds, truncate, youtubeId } from '@/lib/markup/parse'

describe('parseMarkup', () => {
  it('marks green quotes, red lines and plain lines', () => {
    expect(parseMarkup('>implying\n<angry\nplain\n>>12 not a quote').map((l) => l.kind)).toEqual([
      'quote',
      'red',
      'plain',
      'plain',
    ])
  })

  it('finds post references but not numbers glued to letters or too long', () => {
    const [line] = parseMarkup('see >>5100 and >>5101, not >>0 or >>12345678901')
    expect(line.children).toEqual([
      { type: 'text', text: 'see ' },
      { type: 'ref', postId: 5100 },
      { type: 'text', text: ' and ' },
      { type: 'ref', postId: 5101 },
      { type: 'text', text: ', not >>0 or >>12345678901' },
    ])
  })

  it('keeps HTML as text', () => {
    const [line] = parseMarkup('<script>alert(1)</script> <b>bold</b>')
    expect(line.kind).toBe('red')
    expect(line.children).toEqual([{ type: 'text', text: '<script>alert(1)</script> <b>bold</b>' }])
  })

  it('hides spoilers and parses inside them', () => {
    const [line] = parseMarkup('a [spoiler]secret >>7[/spoiler] b [SPOILER]x[/SPOILER]')
    expect(line.children).toEqual([
      { type: 'text', text: 'a ' },
      {
        type: 'spoiler',
        children: [
          { type: 'text', text: 'secret ' },
          { type: 'ref', postId: 7 },
        ],
      },
      { type: 'text', text: ' b ' },
      { type: 'spoiler', children: [{ type: 'text', text: 'x' }] },
    ])
  })

  it('turns YouTube links of every form into embeds and other URLs into links', () => {
    const text =
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ https://youtu.be/dQw4w9WgXcQ https://youtube.com/embed/dQw4w9WgXcQ ' +
      'https://www.youtube.com/v/dQw4w9WgXcQ https://example.com/page.'
    const kinds = parseMarkup(text)[0].children.filter((n) => n.type !== 'text')
    expect(kinds).toEqual([
      { type: 'youtube', videoId: 'dQw4w9WgXcQ', href: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
      { type: 'youtube', videoId: 'dQw4w9WgXcQ', href: 'https://youtu.be/dQw4w9WgXcQ' },
      { type: 'youtube', videoId: 'dQw4w9WgXcQ', href: 'https://youtube.com/embed/dQw4w9WgXcQ' },
      { type: 'youtube', videoId: 'dQw4w9WgXcQ', href: 'https://www.youtube.com/v/dQw4w9WgXcQ' },
      { type: 'link', href: 'https://example.com/page' },
    ])
  })

  it('never links javascript: or data: URLs', () => {
    const nodes = parseMarkup('javascript:alert(1) data:text/html,<b>x</b>')[0].children
    expect(nodes.every((n) => n.type === 'text')).toBe(true)
  })

  it('rejects look-alike YouTube hosts', () => {
    expect(youtubeId('https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ')).toBeNull()
    expect(youtubeId('https://www.youtube.com/watch?list=x&v=dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ')
  })
})

describe('referencedPostIds', () => {
  it('lists each referenced id once, spoilers included', () => {
    expect(referencedPostIds('>>3 >>4\n>>3 [spoiler]>>9[/spoiler]')).toEqual([3, 4, 9])
  })
})

describe('truncate', () => {
  it('cuts at the character or line limit', () => {
    expect(truncate('a'.repeat(600), 500, 10)).toEqual({ text: 'a'.repeat(500), truncated: true })
    expect(truncate(Array(12).fill('l').join('\n'), 500, 10)).toEqual({
      text: Array(10).fill('l').join('\n'),
      truncated: true,
    })
    expect(truncate('short', 500, 10)).toEqual({ text: 'short', truncated: false })
    expect(truncate('😀'.repeat(3), 2, 10)).toEqual({ text: '😀😀', truncated: true })
  })
})
