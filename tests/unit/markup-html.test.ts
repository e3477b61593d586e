// Post markup written as HTML for feeds (lib/markup/html.ts): the same parse as the pages, every piece of user text
// and every address escaped, spoilers left out.
import { describe, expect, it } from 'vitest'
import { escapeHtml, markupToHtml } from '@/lib/markup/html'

const href = (id: number) => `https://site.example/post/${id}?a=1&b="2"`

describe('markupToHtml', () => {
  it('escapes text, so markup in a post stays text', () => {
    expect(markupToHtml('a <img src=x onerror=alert(1)> & "q" \'s', href)).toBe(
      'a &lt;img src=x onerror=alert(1)&gt; &amp; &quot;q&quot; &#39;s',
    )
  })

  it('writes references, quotes, red text and links, with escaped addresses', () => {
    expect(markupToHtml('>>12 hi\n>green\n<red\nsee https://a.example/?x=1&y=2', href)).toBe(
      [
        '<a href="https://site.example/post/12?a=1&amp;b=&quot;2&quot;">&gt;&gt;12</a> hi',
        '<span style="color:#15803d">&gt;green</span>',
        '<span style="color:#dc2626">&lt;red</span>',
        'see <a href="https://a.example/?x=1&amp;y=2" rel="nofollow ugc noopener noreferrer">https://a.example/?x=1&amp;y=2</a>',
      ].join('<br/>\n'),
    )
  })

  it('leaves spoilered text out', () => {
    const html = markupToHtml('before [spoiler]the ending[/spoiler] after', href)
    expect(html).toBe('before <em>[spoiler]</em> after')
  })

  it('escapeHtml covers the five characters HTML gives meaning to', () => {
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;')
  })
})
