import { notFound } from 'next/navigation'
import { Fragment } from 'react'
import { BanActions } from '@/components/admin/ban-actions'
import { staffPage, TitledPage } from '@/components/admin/page-staff'
import { Card } from '@/components/ui/card'
import type { Staff } from '@/lib/auth/staff'
import { getBanForStaff } from '@/lib/bans/queries'
import { toBanDto } from '@/lib/bans/types'
import { NotFoundError } from '@/lib/errors'
import { isNumericId, type PageParams } from '@/lib/http/params'
import { formatTimestamp } from '@/lib/ui/relative-time'

export const metadata = { title: 'Ban' }

// /admin/bans/{id} – the ban, its post, the appeal (moderators and admins) and the decision controls.
async function BanPage(staff: Staff, { params }: PageParams<'id'>) {
  const { id } = await params
  if (!isNumericId(id)) notFound()
  const ban = await getBanForStaff(staff, Number(id)).then(
    (b) => toBanDto(b, staff.role !== 'janitor'),
    (err) => {
      if (err instanceof NotFoundError) notFound()
      throw err
    },
  )
  const rows: [string, string][] = [
    ['IP Address', ban.ip_address],
    ['Board', ban.board_id ? `/${ban.board_id}/` : 'Global'],
    ['Reason', ban.reason],
    ['Created', formatTimestamp(ban.created_at)],
    ['Expires', ban.expires_at ? formatTimestamp(ban.expires_at) : 'Never'],
    ['Created By', ban.admin_username ?? 'Unknown'],
    ['Status', ban.is_active ? (ban.is_expired ? 'Expired' : 'Active') : 'Lifted'],
    ['Appeal', ban.appeal_status ?? 'None'],
    ...(ban.decision_reason ? [['Decision', ban.decision_reason] as [string, string]] : []),
  ]
  return (
    <TitledPage title={<>Ban #{ban.id}</>} back={{ href: '/admin/bans', label: 'Bans' }}>
      <Card title="Ban">
        <dl className="grid grid-cols-[10rem_1fr] gap-1 text-sm">
          {rows.map(([k, v]) => (
            <Fragment key={k}>
              <dt className="font-semibold">{k}</dt>
              <dd>{v}</dd>
            </Fragment>
          ))}
        </dl>
      </Card>
      {(ban.post_id || ban.post_content) && (
        <Card title="Post">
          {ban.thread_id && ban.post_id && (
            <p className="text-sm">
              Thread {ban.thread_id}, post {ban.post_id}
            </p>
          )}
          {ban.post_image_url && (
            // eslint-disable-next-line @next/next/no-img-element -- the post's image as kept with the ban
            <img src={ban.post_image_url} alt="" className="my-2 max-h-40" />
          )}
          <p className="whitespace-pre-wrap text-sm">{ban.post_content}</p>
        </Card>
      )}
      {ban.appeal_text !== undefined && ban.appeal_status && (
        <Card title="Appeal">
          <p className="whitespace-pre-wrap text-sm" data-testid="appeal-text">
            {ban.appeal_text}
          </p>
          {ban.appeal_submitted_at && (
            <p className="mt-1 text-xs text-slate-500">Submitted {formatTimestamp(ban.appeal_submitted_at)}</p>
          )}
        </Card>
      )}
      {ban.is_active && (
        <BanActions
          banId={ban.id}
          pending={ban.appeal_status === 'pending'}
          role={staff.role}
          username={staff.username}
          inList={false}
        />
      )}
    </TitledPage>
  )
}

export default staffPage('janitor', BanPage)
