'use client'
import { useActionState, useEffect, useRef, useState, type FormEvent } from 'react'
import { replyAction } from '@/app/board/[boardId]/post-actions'
import { FilePreview } from '@/components/post/file-preview'
import { SpoilerCheckbox } from '@/components/thread/spoiler-checkbox'
import { INPUT } from '@/components/ui/styles'
import { UploadProgress } from '@/components/ui/upload-progress'
import { captchaRequired, type CaptchaMode } from '@/lib/captcha/modes'
import { errorBodyOf, publicApi } from '@/lib/client/api'
import { rememberOwn } from '@/lib/client/local-state'
import { checkMediaFile } from '@/lib/client/media-file'
import { CaptchaUnsolvedError, useCaptcha } from '@/lib/client/use-captcha'
import { messageFor } from '@/lib/error-messages'
import { REPLY_CONTENT_MAX } from '@/lib/limits'
import { MEDIA_ACCEPT } from '@/lib/media/content-types'
import type { PostFormState } from '@/lib/posts/form-submission'
import { CaptchaField } from './captcha-field'
import { PostButton } from './post-button'
import { PostingForm } from './posting-form'

export const REPLY_MAX = REPLY_CONTENT_MAX
const NOTHING_SENT: PostFormState = { values: {} }
const TOO_LONG = messageFor({ error: 'Content too long' }, '')

export interface ReplyFormProps {
  boardId: string
  threadId: number
  atBumpLimit: boolean
  /** The board's captcha setting; replies need one when it is `all`. */
  captchaMode: CaptchaMode
  /** Text to insert (a quote line); `seq` changes for every request so the same quote can be inserted twice. */
  insert?: { text: string; seq: number }
  onPosted(postId: number): void
}

/** The remaining-characters counter: shown at 200 or fewer, warning under 100, red under 50. */
function Counter({ remaining }: { remaining: number }) {
  if (remaining > 200) return null
  const tone = remaining < 50 ? 'text-red-600 font-semibold' : remaining < 100 ? 'text-amber-600' : 'text-slate-500'
  const text = remaining < 0 ? `${-remaining} characters over the limit` : `${remaining} characters remaining`
  return (
    <span className={`text-xs ${tone}`} data-testid="remaining">
      {text}
    </span>
  )
}

/**
 * The reply form. With JavaScript it posts to the API itself (progress bar, live insertion); without, the browser
 * sends the same fields to a server action (`action`), whose refusal comes back rendered with the text kept.
 */
export function ReplyForm({ boardId, threadId, atBumpLimit, captchaMode, insert, onPosted }: ReplyFormProps) {
  const needsCaptcha = captchaRequired(captchaMode, 'reply')
  const captcha = useCaptcha(needsCaptcha)
  const [sent, formAction] = useActionState(replyAction, NOTHING_SENT)
  const [content, setContent] = useState(() => sent.values.content ?? '')
  const [file, setFile] = useState<File | null>(null)
  const [sage, setSage] = useState(() => sent.values.sage ?? false)
  const [spoiler, setSpoiler] = useState(() => sent.values.spoiler ?? false)
  const [error, setError] = useState<string | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const textarea = useRef<HTMLTextAreaElement>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const chooseFile = (f: File | null) => {
    setFile(f)
    setError(null)
  }
  const removeFile = () => {
    chooseFile(null)
    if (fileInput.current) fileInput.current.value = ''
  }

  // A new quote request appends its line (state adjusted during render, as React recommends for prop changes).
  const [insertedSeq, setInsertedSeq] = useState<number | undefined>(undefined)
  if (insert && insert.seq !== insertedSeq) {
    setInsertedSeq(insert.seq)
    setContent((c) => (c && !c.endsWith('\n') ? c + '\n' : c) + insert.text)
  }
  useEffect(() => {
    if (insert) textarea.current?.focus()
  }, [insert])

  async function submit(e: FormEvent) {
    e.preventDefault()
    setError(null)
    if (!content.trim() && !file) return setError('Either content or an image/video is required')
    if (Array.from(content).length > REPLY_MAX) return setError(TOO_LONG)
    if (file) {
      const problem = checkMediaFile(file)
      if (problem) return setError(problem)
    }
    const body = new FormData()
    body.append('content', content)
    body.append('dont_bump', String(sage || atBumpLimit))
    if (file) body.append('image', file)
    if (file && spoiler) body.append('spoiler', 'true')
    setProgress(0)
    try {
      const solution = await captcha.solution()
      if (solution) body.append('captcha', solution)
      const { postId } = await publicApi.reply(boardId, threadId, body, setProgress)
      rememberOwn('ownPosts', postId)
      setContent('')
      setSpoiler(false)
      removeFile()
      onPosted(postId)
      captcha.renew()
    } catch (err) {
      captcha.failed(err)
      setError(
        err instanceof CaptchaUnsolvedError
          ? err.message
          : messageFor(errorBodyOf(err), 'Failed to create post. Please try again later.'),
      )
    } finally {
      setProgress(null)
    }
  }

  const remaining = REPLY_MAX - Array.from(content).length
  return (
    <PostingForm
      label="Reply"
      boardId={boardId}
      action={formAction}
      onSubmit={submit}
      captcha={captcha}
      fileInput={fileInput}
      onFile={chooseFile}
      compact
    >
      <input type="hidden" name="thread_id" value={threadId} />
      <label htmlFor="reply-content" className="block text-sm font-semibold">
        Reply
      </label>
      <textarea
        id="reply-content"
        name="content"
        ref={textarea}
        value={content}
        onChange={(e) => {
          setContent(e.target.value)
          setError(null)
        }}
        rows={5}
        className={INPUT}
        placeholder="Write a reply… (>>123 quotes a post)"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <input
          ref={fileInput}
          type="file"
          name="image"
          accept={MEDIA_ACCEPT}
          aria-label="Image, video or audio"
          onChange={(e) => chooseFile(e.target.files?.[0] ?? null)}
          className="max-w-full text-sm"
        />
        <Counter remaining={remaining} />
      </div>
      <p className="text-xs text-slate-500">You can also paste an image or drop a file here.</p>
      {file && <FilePreview file={file} onRemove={removeFile} />}
      <CaptchaField required={needsCaptcha} captcha={captcha} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <label
            className="flex items-center gap-1 text-sm"
            title={atBumpLimit ? 'Bump limit reached: replies no longer bump this thread' : undefined}
          >
            <input
              type="checkbox"
              name="dont_bump"
              value="true"
              checked={sage || atBumpLimit}
              disabled={atBumpLimit}
              onChange={(e) => setSage(e.target.checked)}
            />
            Sage (don&apos;t bump)
          </label>
          <SpoilerCheckbox checked={spoiler} onChange={setSpoiler} />
        </div>
        <PostButton uploading={progress !== null} label="Post Reply" busyLabel="Posting..." compact />
      </div>
      {progress !== null && <UploadProgress progress={progress} />}
      {(error ?? sent.error) && (
        <p role="alert" className="text-sm text-red-600">
          {error ?? sent.error}
        </p>
      )}
    </PostingForm>
  )
}
