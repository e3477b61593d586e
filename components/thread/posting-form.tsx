'use client'
import type { FormEvent, ReactNode, RefObject } from 'react'
import type { Captcha } from '@/lib/client/use-captcha'
import { useFileDrop } from '@/lib/client/use-file-drop'

/**
 * The frame both posting forms share. Without JavaScript the browser sends the fields to the server action
 * (`action`); with it, `onSubmit` posts them itself. The browser's own checks are off: the captcha widget marks its
 * checkbox invalid until solved, and the form waits for the solution itself. Typing starts solving the captcha; a file
 * pasted or dropped onto the form goes into `fileInput` and to `onFile` (the form is outlined while one is dragged over).
 */
export function PostingForm({
  label,
  boardId,
  action,
  onSubmit,
  captcha,
  fileInput,
  onFile,
  compact = false,
  children,
}: {
  label: string
  boardId: string
  action: (form: FormData) => void
  onSubmit: (e: FormEvent) => void
  captcha: Pick<Captcha, 'start'>
  fileInput: RefObject<HTMLInputElement | null>
  onFile: (file: File) => void
  /** The reply form's tighter spacing. */
  compact?: boolean
  children: ReactNode
}) {
  const drop = useFileDrop(fileInput, onFile)
  const spacing = compact ? 'space-y-2 p-3' : 'space-y-3 p-4'
  const outline = drop.dragging ? 'border-blue-500 ring-2 ring-blue-300' : 'border-slate-200'
  return (
    <form
      action={action}
      onSubmit={onSubmit}
      noValidate
      className={`rounded-lg border bg-white ${spacing} ${outline}`}
      aria-label={label}
      onInput={captcha.start}
      {...drop.handlers}
    >
      <input type="hidden" name="board_id" value={boardId} />
      {children}
    </form>
  )
}
