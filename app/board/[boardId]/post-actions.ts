'use server'
// Server actions behind the create-thread and reply forms when JavaScript is off (with JavaScript the forms call
// the API themselves). Success redirects to the new post; a refusal returns the form's state to render.
import { cookies, headers } from 'next/headers'
import { redirect } from 'next/navigation'
import { isStaffCaller } from '@/lib/auth/staff-caller'
import { CLIENT_IP_HEADER } from '@/lib/http/client-ip'
import { boardIdParam, idParam } from '@/lib/http/params'
import { posterCookie, posterFromHeaders } from '@/lib/http/poster'
import type { PosterInput } from '@/lib/http/posting'
import { createReply } from '@/lib/posts/create-reply'
import { formFields, keptValues, refusal, type PostFormState } from '@/lib/posts/form-submission'
import { consume } from '@/lib/rate-limit/limits'
import { createThread } from '@/lib/threads/create-thread'

/**
 * Runs `create` as the visitor, with the form as their post; the form counts against the visitor's API limit like the
 * API call it stands in for, and a new poster key is set as the API's Set-Cookie would.
 */
async function asVisitor<T>(form: FormData, create: (poster: PosterInput) => Promise<T>): Promise<T> {
  const h = await headers()
  const ip = h.get(CLIENT_IP_HEADER) ?? '0.0.0.0'
  await consume(ip, 'api')
  const poster = posterFromHeaders(h)
  const created = await create({
    ip,
    posterKey: poster.key,
    readForm: () => formFields(form),
    banExempt: isStaffCaller,
    captchaExempt: isStaffCaller,
  })
  await rememberPoster(poster)
  return created
}

/** Sets the poster cookie exactly as the API's Set-Cookie would. */
async function rememberPoster(poster: { key: string; isNew: boolean; https: boolean }): Promise<void> {
  if (!poster.isNew) return
  const [pair, ...attributes] = posterCookie(poster.key, poster.https).split('; ')
  const [name, value] = pair.split('=')
  const attr = (n: string) => attributes.find((a) => a.toLowerCase().startsWith(n.toLowerCase()))
  ;(await cookies()).set(name, value, {
    path: attr('Path=')?.slice(5) ?? '/',
    maxAge: Number(attr('Max-Age=')?.slice(8) ?? 31536000),
    httpOnly: Boolean(attr('HttpOnly')),
    secure: Boolean(attr('Secure')),
    sameSite: (attr('SameSite=')?.slice(9).toLowerCase() ?? 'lax') as 'lax' | 'none' | 'strict',
  })
}

/** A hidden field of the form (the board and thread it posts to): forms carry them, as bound arguments cannot be matched to a form's answer during server rendering. */
const hidden = (form: FormData, name: string) => (typeof form.get(name) === 'string' ? String(form.get(name)) : '')

/** Redirects to the page `post` names, or returns the form's state with the refusal and the text the visitor typed. */
async function submit(
  form: FormData,
  refused: { fallback: string; doing: string },
  post: () => Promise<string>,
): Promise<PostFormState> {
  const values = keptValues(form)
  let target: string
  try {
    target = await post()
  } catch (err) {
    return refusal(err, values, refused.fallback, refused.doing)
  }
  redirect(target)
}

export async function replyAction(_previous: PostFormState, form: FormData): Promise<PostFormState> {
  return submit(
    form,
    { fallback: 'Failed to create post. Please try again later.', doing: 'posting again' },
    async () => {
      const boardId = boardIdParam(hidden(form, 'board_id'))
      const threadId = idParam('Thread not found')(hidden(form, 'thread_id'))
      const created = await asVisitor(form, (poster) => createReply({ boardId, threadId, ...poster }))
      return `/board/${boardId}/thread/${threadId}#post-${created.postId}`
    },
  )
}

export async function createThreadAction(_previous: PostFormState, form: FormData): Promise<PostFormState> {
  const refused = { fallback: 'Failed to create thread. Please try again later.', doing: 'creating another thread' }
  return submit(form, refused, async () => {
    const boardId = boardIdParam(hidden(form, 'board_id'))
    const created = await asVisitor(form, (poster) => createThread({ boardId, ...poster }))
    return `/board/${boardId}/thread/${created.threadId}`
  })
}
