'use client'
import { useRouter } from 'next/navigation'
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react'
import { Field } from '@/components/ui/field'
import { ErrorText } from '@/components/ui/form-message'
import { BUTTON_DANGER, BUTTON_SECONDARY, INPUT } from '@/components/ui/styles'
import { BAN_DURATIONS, DEFAULT_DURATION, expiryFor } from '@/lib/bans/durations'
import { ApiError, errorBodyOf, staffApi } from '@/lib/client/api'
import type { Role } from '@/lib/staff/schemas'
import { BanTermsFields, type BanTerms } from './ban-terms-fields'

// The optional post context of a ban made without a post: typed in by hand.
const POST_CONTEXT_FIELDS = [
  { key: 'threadId', label: 'Thread ID', numeric: true, multiline: false },
  { key: 'postId', label: 'Post ID', numeric: true, multiline: false },
  { key: 'content', label: 'Post Content', numeric: false, multiline: true },
  { key: 'imageUrl', label: 'Post Image URL', numeric: false, multiline: false },
] as const

export interface BanContext {
  boardId?: string
  threadId?: number
  postId?: number
}

/** Create ban: with post context the IP is fetched from the post and the post is shown read-only. */
export function CreateBanForm({
  role,
  boards,
  context,
}: {
  role: Role
  boards: { id: string; name: string }[]
  context: BanContext
}) {
  const router = useRouter()
  const admin = role === 'admin'
  const withPost = Boolean(context.postId && context.threadId && context.boardId)
  const [ip, setIp] = useState('')
  const [fetchingIp, setFetchingIp] = useState(withPost)
  const [post, setPost] = useState<{ content: string; imageUrl: string | null } | null>(null)
  const [terms, setTerms] = useState<BanTerms>({
    boardId: context.boardId ?? (admin ? '' : (boards[0]?.id ?? '')),
    reason: '',
    duration: DEFAULT_DURATION,
  })
  const { boardId, reason, duration } = terms
  const [extra, setExtra] = useState({ threadId: '', postId: '', content: '', imageUrl: '' })
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!withPost) return
    void staffApi.postIp({ boardId: context.boardId!, threadId: context.threadId!, postId: context.postId! }).then(
      (found) => {
        setFetchingIp(false)
        setIp(found.ip_address)
        setPost({ content: found.post_content, imageUrl: found.image_url })
      },
      (err) => {
        setFetchingIp(false)
        setError(`Failed to fetch IP address: ${err instanceof ApiError ? (err.body?.error ?? err.status) : err}`)
      },
    )
  }, [withPost, context.postId, context.boardId, context.threadId])

  async function submit(e: FormEvent) {
    e.preventDefault()
    setError(null)
    if (!ip.trim()) return setError('IP address is required')
    if (!reason.trim()) return setError('Reason is required')
    setBusy(true)
    try {
      await staffApi.createBan({
        ip_address: ip.trim(),
        board_id: boardId || null,
        reason,
        expires_at: expiryFor(duration),
        ...(withPost
          ? {
              thread_id: context.threadId,
              post_id: context.postId,
              post_content: post?.content ?? null,
              post_image_url: post?.imageUrl ?? null,
            }
          : {
              thread_id: extra.threadId || null,
              post_id: extra.postId || null,
              post_content: extra.content || null,
              post_image_url: extra.imageUrl || null,
            }),
      })
      router.push('/admin/bans')
    } catch (err) {
      const refusal = errorBodyOf(err)
      setError(
        err instanceof ApiError
          ? (refusal?.details?.[0]?.message ?? refusal?.error ?? 'Failed to create ban')
          : 'Failed to create ban. Please try again.',
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      aria-label="Create ban"
    >
      {withPost && (
        <div className="rounded bg-slate-50 p-2 text-sm" data-testid="ban-post-context">
          <p>
            Thread {context.threadId}, post {context.postId}
          </p>
          {post?.imageUrl && (
            // eslint-disable-next-line @next/next/no-img-element -- the post's image
            <img src={post.imageUrl} alt="" className="my-1 max-h-24" />
          )}
          <p className="whitespace-pre-wrap text-slate-700">{post?.content}</p>
        </div>
      )}
      <Field id="ban-ip" label="IP Address">
        <input
          id="ban-ip"
          value={ip}
          onChange={(e) => setIp(e.target.value)}
          readOnly={withPost}
          className={INPUT}
          placeholder={fetchingIp ? 'Fetching…' : ''}
        />
      </Field>
      <BanTermsFields
        idPrefix="ban"
        boards={boards}
        allowGlobal={admin}
        durations={BAN_DURATIONS.filter((d) => admin || !d.adminOnly)}
        terms={terms}
        onChange={setTerms}
      />
      {!withPost && (
        <fieldset className="grid gap-2 rounded border border-slate-200 p-2 sm:grid-cols-2">
          <legend className="px-1 text-sm font-semibold">Post Context (optional)</legend>
          {POST_CONTEXT_FIELDS.map(({ key, label, numeric, multiline }) => {
            const props = {
              'aria-label': label,
              placeholder: label,
              value: extra[key],
              onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
                setExtra({ ...extra, [key]: e.target.value }),
              className: INPUT,
            }
            return multiline ? (
              <textarea key={key} {...props} />
            ) : (
              <input key={key} inputMode={numeric ? 'numeric' : undefined} {...props} />
            )
          })}
        </fieldset>
      )}
      <ErrorText>{error}</ErrorText>
      <div className="flex gap-2">
        <button type="button" onClick={() => router.push('/admin/bans')} className={BUTTON_SECONDARY}>
          Cancel
        </button>
        <button type="submit" disabled={busy || fetchingIp || !ip.trim()} className={BUTTON_DANGER}>
          {busy ? 'Creating Ban...' : 'Create Ban'}
        </button>
      </div>
    </form>
  )
}
