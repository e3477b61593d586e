import { Fragment } from 'react'
import { type Inline, parseMarkup } from '@/lib/markup/parse'
import { YoutubeEmbed } from './youtube-embed'

export interface RefContext {
  /** Where a reference to this post id should point, e.g. "#post-5" or "/board/tech/thread/3#post-5". */
  hrefFor(postId: number): string
  /** True for references to the reader's own posts ("(You)"). */
  isOwn?(postId: number): boolean
}

function InlineNodes({ nodes, refs }: { nodes: Inline[]; refs: RefContext }) {
  return nodes.map((n, i) => {
    switch (n.type) {
      case 'text':
        return <Fragment key={i}>{n.text}</Fragment>
      case 'ref':
        return (
          <a
            key={i}
            href={refs.hrefFor(n.postId)}
            data-ref={n.postId}
            className="post-ref font-medium text-board-link hover:underline"
          >
            &gt;&gt;{n.postId}
            {refs.isOwn?.(n.postId) ? ' (You)' : ''}
          </a>
        )
      case 'spoiler':
        // Revealed while hovered, or focused: by keyboard (Tab) or by a tap on a touch screen.
        return (
          <span key={i} tabIndex={0} className="spoiler rounded px-0.5" title="Spoiler">
            <InlineNodes nodes={n.children} refs={refs} />
          </span>
        )
      case 'link':
        return (
          <a
            key={i}
            href={n.href}
            rel="nofollow ugc noopener noreferrer"
            target="_blank"
            className="text-board-link underline break-all"
          >
            {n.href}
          </a>
        )
      case 'youtube':
        return <YoutubeEmbed key={i} videoId={n.videoId} href={n.href} />
    }
  })
}

/** A post's text with the product's markup; everything the poster wrote stays escaped text. */
export function PostBody({ content, refs }: { content: string; refs: RefContext }) {
  return (
    <div className="post-body whitespace-pre-wrap break-words text-sm leading-relaxed">
      {parseMarkup(content).map((line, i) => (
        <span
          key={i}
          className={line.kind === 'quote' ? 'text-green-700' : line.kind === 'red' ? 'text-red-600' : undefined}
        >
          <InlineNodes nodes={line.children} refs={refs} />
          {'\n'}
        </span>
      ))}
    </div>
  )
}
