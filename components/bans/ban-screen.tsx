import Link from 'next/link'
import type { ReactNode } from 'react'
import { Card } from '@/components/ui/card'
import { TimeUntil } from '@/components/ui/time-until'
import type { BanBody } from '@/lib/bans/types'
import { contentTypeForKey } from '@/lib/media/content-types'
import { LazyAppealForm } from './appeal-form-lazy'

/** Shown to a banned visitor in place of the board and thread pages. */
export function BanScreen({ body, boardId }: { body: BanBody; boardId: string }) {
  if (body.error === 'Rangebanned' && body.rangeban) {
    const r = body.rangeban
    const who = r.type === 'country' ? 'Your country' : r.type === 'asn' ? 'Your network' : 'Your IP range'
    return (
      <Card title={`${who} is banned from this board`}>
        <dl className="space-y-1 text-sm">
          <Detail label="Type">{r.type}</Detail>
          <Detail label="Reason">{r.reason}</Detail>
          <Detail label="Expires">{r.expires_at ? <TimeUntil iso={r.expires_at} /> : 'Permanent'}</Detail>
        </dl>
        <p className="mt-3 text-sm text-slate-600">{`${r.type === 'country' ? 'Country bans' : 'Range bans'} cannot be appealed.`}</p>
        <Link href="/" className="mt-3 inline-block text-board-link hover:underline">
          Return to Home
        </Link>
      </Card>
    )
  }
  const b = body.ban!
  return (
    <Card title="You are banned from this board">
      <dl className="space-y-1 text-sm">
        <Detail label="Reason">{b.reason}</Detail>
        <Detail label="Expires">{b.expires_at ? <TimeUntil iso={b.expires_at} /> : 'Permanent'}</Detail>
        {b.post_id && (
          <Detail label="Post">
            thread {b.thread_id}, post {b.post_id}
          </Detail>
        )}
      </dl>
      {b.post_image_url && <OffendingMedia url={b.post_image_url} />}
      {b.post_content && (
        <blockquote className="mt-2 whitespace-pre-wrap border-l-4 border-slate-300 pl-3 text-sm text-slate-700">
          {b.post_content}
        </blockquote>
      )}
      <LazyAppealForm boardId={boardId} banId={b.id} status={b.appeal_status} />
      <p className="mt-4">
        <Link href="/" className="text-board-link hover:underline">
          Return to Home
        </Link>
      </p>
    </Card>
  )
}

/** The offending post's file as kept with the ban, in the element its type needs (a video in an <img> shows broken). */
function OffendingMedia({ url }: { url: string }) {
  const type = contentTypeForKey(url)
  const frame = 'mt-2 max-h-40 rounded border border-slate-200'
  if (type.startsWith('video/'))
    return <video src={url} controls preload="metadata" className={frame} aria-label="Video of the offending post" />
  if (type.startsWith('audio/'))
    return <audio src={url} controls preload="none" className="mt-2" aria-label="Audio of the offending post" />
  // eslint-disable-next-line @next/next/no-img-element -- the offending post's image, as kept with the ban
  return <img src={url} alt="Image of the offending post" className={frame} />
}

/** One line of the ban's details: a bold label and its value. */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="inline font-semibold">{label}: </dt>
      <dd className="inline">{children}</dd>
    </div>
  )
}
