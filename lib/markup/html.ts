// Post markup as an HTML string, for readers that take HTML rather than React (Atom feeds). The same parse as the
// pages (lib/markup/parse.ts); every piece of user text and every address is escaped here, and spoilered text is
// left out, as a feed reader could not hide it.
import { type Inline, parseMarkup } from './parse'

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c])

function inlineHtml(nodes: Inline[], hrefFor: (postId: number) => string): string {
  return nodes
    .map((n) => {
      switch (n.type) {
        case 'text':
          return escapeHtml(n.text)
        case 'ref':
          return `<a href="${escapeHtml(hrefFor(n.postId))}">&gt;&gt;${n.postId}</a>`
        case 'spoiler':
          return '<em>[spoiler]</em>'
        case 'link':
        case 'youtube':
          return `<a href="${escapeHtml(n.href)}" rel="nofollow ugc noopener noreferrer">${escapeHtml(n.href)}</a>`
      }
    })
    .join('')
}

/** A post's text as HTML: one line per line, quotes and red text marked with the page's colours. */
export function markupToHtml(content: string, hrefFor: (postId: number) => string): string {
  return parseMarkup(content)
    .map((line) => {
      const html = inlineHtml(line.children, hrefFor)
      if (line.kind === 'quote') return `<span style="color:#15803d">${html}</span>`
      if (line.kind === 'red') return `<span style="color:#dc2626">${html}</span>`
      return html
    })
    .join('<br/>\n')
}
