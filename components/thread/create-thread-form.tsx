'use client'
import { useRouter } from 'next/navigation'
import { useActionState, useRef, useState, type FormEvent } from 'react'
import { createThreadAction } from '@/app/board/[boardId]/post-actions'
import { FilePreview } from '@/components/post/file-preview'
import { PostBody } from '@/components/post/post-body'
import { EMPTY_SURVEY, SurveyEditor, surveyProblems, type SurveyDraft } from '@/components/survey/survey-editor'
import { SpoilerCheckbox } from '@/components/thread/spoiler-checkbox'
import { Field } from '@/components/ui/field'
import { INPUT } from '@/components/ui/styles'
import { UploadProgress } from '@/components/ui/upload-progress'
import { captchaRequired, type CaptchaMode } from '@/lib/captcha/modes'
import { errorBodyOf, publicApi } from '@/lib/client/api'
import { rememberOwn } from '@/lib/client/local-state'
import { checkMediaFile } from '@/lib/client/media-file'
import { CaptchaUnsolvedError, useCaptcha } from '@/lib/client/use-captcha'
import { messageFor } from '@/lib/error-messages'
import { OP_CONTENT_MAX, TOPIC_MAX } from '@/lib/limits'
import { MEDIA_ACCEPT, MEDIA_NAMES } from '@/lib/media/content-types'
import type { PostFormState } from '@/lib/posts/form-submission'
import { CaptchaField } from './captcha-field'
import { PostButton } from './post-button'
import { PostingForm } from './posting-form'

const REDIRECT_MS = 1500
const NOTHING_SENT: PostFormState = { values: {} }

/** A field's message from a refusal rendered by the server (the form was sent without JavaScript). */
function FieldMessage({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className="mt-1 text-xs text-red-600">
      {text}
    </p>
  ) : null
}

/**
 * The create-thread form. With JavaScript it checks the fields as they change, posts to the API itself and adds the
 * poll; without, the browser sends the fields to a server action that answers with the new thread or with the
 * refusal rendered next to the fields, the text kept.
 */
export function CreateThreadForm({ boardId, captchaMode }: { boardId: string; captchaMode: CaptchaMode }) {
  const router = useRouter()
  const needsCaptcha = captchaRequired(captchaMode, 'thread')
  const captcha = useCaptcha(needsCaptcha)
  const [sent, formAction] = useActionState(createThreadAction, NOTHING_SENT)
  const [topic, setTopic] = useState(() => sent.values.topic ?? '')
  const [content, setContent] = useState(() => sent.values.content ?? '')
  const [file, setFile] = useState<File | null>(null)
  const [spoiler, setSpoiler] = useState(() => sent.values.spoiler ?? false)
  const fileInput = useRef<HTMLInputElement>(null)
  const removeFile = () => {
    setFile(null)
    if (fileInput.current) fileInput.current.value = ''
  }
  const [preview, setPreview] = useState(false)
  // After a first attempt, the form's own checks follow the fields: a message goes once its field is right.
  const [tried, setTried] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [done, setDone] = useState(false)
  const [poll, setPoll] = useState<SurveyDraft>(EMPTY_SURVEY)

  function validate(): string[] {
    const problems: string[] = []
    if (!topic.trim()) problems.push('Topic is required')
    if (!content.trim()) problems.push('Content is required')
    if (!file) problems.push('Image or video is required')
    else {
      const problem = checkMediaFile(file)
      if (problem) problems.push(problem)
    }
    return [...problems, ...surveyProblems(poll)]
  }

  async function attachPoll(threadId: number, postId: number) {
    await publicApi
      .attachPoll(boardId, threadId, postId, {
        survey_type: poll.type,
        question: poll.question,
        options: poll.options.filter((o) => o.trim()),
      })
      .catch((err) => console.error('Failed to create survey', errorBodyOf(err) ?? err))
  }

  async function submit(e: FormEvent) {
    e.preventDefault()
    setTried(true)
    setServerError(null)
    if (validate().length) return
    const body = new FormData()
    body.append('topic', topic)
    body.append('content', content)
    body.append('image', file!)
    if (spoiler) body.append('spoiler', 'true')
    setProgress(0)
    try {
      const solution = await captcha.solution()
      if (solution) body.append('captcha', solution)
      const { threadId, postId } = await publicApi.createThread(boardId, body, setProgress)
      rememberOwn('ownThreads', threadId)
      rememberOwn('ownPosts', postId)
      // The thread exists first; the poll is attached to its opening post (a failed poll is only logged: the thread stands without it).
      if (poll.enabled) await attachPoll(threadId, postId)
      setDone(true)
      setTimeout(() => router.push(`/board/${boardId}/thread/${threadId}`), REDIRECT_MS)
    } catch (err) {
      captcha.failed(err)
      setServerError(
        err instanceof CaptchaUnsolvedError
          ? err.message
          : messageFor(errorBodyOf(err), 'Failed to create thread. Please try again later.', 'creating another thread'),
      )
    } finally {
      setProgress(null)
    }
  }

  const fieldErrors = sent.fields ?? {}
  // Without JavaScript only the server's answer is shown: messages by their fields, other refusals above the button.
  const sentError = !tried && sent.error && !Object.keys(fieldErrors).length ? sent.error : null
  const errors = [
    ...(tried ? validate() : []),
    ...(serverError ? [serverError] : []),
    ...(sentError ? [sentError] : []),
  ]
  const fieldError = (field: string) => (tried ? undefined : fieldErrors[field])
  /** Marks a field invalid and points it at its message while the server's refusal stands. */
  const invalidWhen = (field: string) => ({
    'aria-invalid': Boolean(fieldError(field)),
    'aria-describedby': fieldError(field) ? `${field}-error` : undefined,
  })

  if (done)
    return (
      <p role="status" className="rounded-lg border border-green-300 bg-green-50 p-4 text-green-800">
        Thread created successfully! Redirecting to thread...
      </p>
    )
  return (
    <PostingForm
      label="Create thread"
      boardId={boardId}
      action={formAction}
      onSubmit={submit}
      captcha={captcha}
      fileInput={fileInput}
      onFile={setFile}
    >
      <Field id="topic" label="Topic">
        <input
          id="topic"
          name="topic"
          value={topic}
          maxLength={TOPIC_MAX}
          onChange={(e) => setTopic(e.target.value)}
          className={INPUT}
          {...invalidWhen('topic')}
        />
        <FieldMessage id="topic-error" text={fieldError('topic')} />
      </Field>
      <div>
        <div className="flex items-center justify-between">
          <label htmlFor="content" className="block text-sm font-semibold">
            Content
          </label>
          <button
            type="button"
            onClick={() => setPreview((p) => !p)}
            className="text-xs font-medium text-board-link hover:underline"
          >
            {preview ? 'Edit' : 'Preview'}
          </button>
        </div>
        {preview ? (
          <div className="min-h-24 rounded border border-slate-200 bg-slate-50 p-2" data-testid="content-preview">
            <PostBody content={content} refs={{ hrefFor: (id) => `/post/${id}` }} />
          </div>
        ) : (
          <textarea
            id="content"
            name="content"
            value={content}
            maxLength={OP_CONTENT_MAX}
            rows={8}
            onChange={(e) => setContent(e.target.value)}
            className={INPUT}
            {...invalidWhen('content')}
          />
        )}
        <FieldMessage id="content-error" text={fieldError('content')} />
      </div>
      <Field id="image" label="Image or video">
        <input
          ref={fileInput}
          id="image"
          name="image"
          type="file"
          accept={MEDIA_ACCEPT}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          className="max-w-full text-sm"
          {...invalidWhen('image')}
        />
        <p className="text-xs text-slate-500">{`${MEDIA_NAMES}, up to 4 MB. You can also paste an image or drop a file here.`}</p>
        {file && <FilePreview file={file} onRemove={removeFile} />}
        <SpoilerCheckbox checked={spoiler} onChange={setSpoiler} />
        <FieldMessage id="image-error" text={fieldError('image')} />
      </Field>
      <SurveyEditor value={poll} onChange={setPoll} />
      <CaptchaField required={needsCaptcha} captcha={captcha} />
      {progress !== null && <UploadProgress progress={progress} />}
      {errors.length > 0 && (
        <ul role="alert" className="list-inside list-disc text-sm text-red-600">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      <PostButton uploading={progress !== null} label="Create Thread" busyLabel="Creating..." />
    </PostingForm>
  )
}
