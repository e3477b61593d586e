// A post's text as 4chan's `com`: HTML-escaped, lines joined by <br>, green text in <span class="quote">,
// [spoiler] in <s>, and >>123 as a quote link. The text is parsed by lib/markup like everywhere else; links stay
// plain text, which 4chan clients linkify themselves.
import escapeHtml from 'escape-html'
import { type Inline, parseMarkup } from '../markup/parse'

/** Where a quoted post lives: the number of its thread (its opening post) and its board; null when it is gone. */
export interface QuoteTarget {
  threadNo: number
  boardId: string
}

/** The thread the comment is shown in, and what each quoted post resolves to. */
export interface CommentContext {
  threadNo: number
  boardId: string
  quote(postId: number): QuoteTarget | null
}

/** 4chan's notice under a post whose author was banned for it. */
export const BANNED_NOTICE = '<br><br><strong style="color: red;">(USER WAS BANNED FOR THIS POST)</strong>'

export function commentHtml(content: string, ctx: CommentContext): string {
  return parseMarkup(content)
    .map((line) => {
      const html = line.children.map((node) => inlineHtml(node, ctx)).join('')
      if (line.kind === 'quote') return `<span class="quote">${html}</span>`
      if (line.kind === 'red') return `<span class="redtext">${html}</span>`
      return html
    })
    .join('<br>')
}

function inlineHtml(node: Inline, ctx: CommentContext): string {
  switch (node.type) {
    case 'text':
      return escapeHtml(node.text)
    case 'link':
    case 'youtube':
      return escapeHtml(node.href)
    case 'spoiler':
      return `<s>${node.children.map((child) => inlineHtml(child, ctx)).join('')}</s>`
    case 'ref':
      return quoteLink(node.postId, ctx)
  }
}

/** Same thread: `#p{no}`; another thread: `/{board}/thread/{threadNo}#p{no}` (4chan's form); gone: a dead link. */
function quoteLink(postId: number, ctx: CommentContext): string {
  const target = ctx.quote(postId)
  if (!target) return `<span class="deadlink">&gt;&gt;${postId}</span>`
  const href =
    target.threadNo === ctx.threadNo && target.boardId === ctx.boardId
      ? `#p${postId}`
      : `/${target.boardId}/thread/${target.threadNo}#p${postId}`
  return `<a href="${href}" class="quotelink">&gt;&gt;${postId}</a>`
}
