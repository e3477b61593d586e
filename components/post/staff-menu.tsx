'use client'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { DialogTitleBar } from '@/components/ui/dialog-title-bar'
import { ErrorText } from '@/components/ui/form-message'
import { DeleteReasonPrompt } from '@/components/ui/reason-prompt'
import type { StoredAdminUser } from '@/lib/client/admin-user'
import { errorBodyOf, staffApi } from '@/lib/client/api'
import type { PostColor, PublicPost } from '@/lib/posts/types'
import { POST_COLORS } from '@/lib/posts/types'
import { BanFilePrompt } from './ban-file-prompt'
import { deletePostFor } from './delete-post'
import { ModHistory } from './mod-history'

const MENU_WIDTH = 256
const EDGE = 8

/** The staff menu on a post: Check Mod History, Ban User, Delete Post, Change Color, Ban File. */
export function StaffMenu({ post, staff }: { post: PublicPost; staff: StoredAdminUser }) {
  const [open, setOpen] = useState<'menu' | 'delete' | 'color' | 'history' | 'banfile' | null>(null)
  const [error, setError] = useState<string | null>(null)
  const moderator = staff.role === 'admin' || staff.role === 'moderator'
  const ref = { boardId: post.board_id, threadId: post.thread_id, postId: post.id }
  // The menu is moved sideways as far as needed to stay inside the viewport (a ⚙ near the right edge of a phone).
  const [shift, setShift] = useState(0)
  const container = useRef<HTMLSpanElement>(null)

  // A tap or click anywhere else closes the menu (the history dialog closes itself).
  useEffect(() => {
    if (open === null || open === 'history') return
    const onPointerDown = (e: PointerEvent) => {
      if (!container.current?.contains(e.target as Node)) setOpen(null)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  async function remove(reason: string) {
    const failure = await deletePostFor(ref, reason)
    setError(failure)
    if (!failure) setOpen(null)
  }
  async function recolor(color: PostColor) {
    try {
      await staffApi.recolorPost(ref, color)
    } catch (err) {
      return setError(errorBodyOf(err)?.error ?? 'Failed to change post color')
    }
    setOpen(null)
  }

  const banHref = `/admin/bans/create?boardId=${post.board_id}&threadId=${post.thread_id}&postId=${post.id}`
  return (
    <span className="relative" ref={container}>
      <button
        type="button"
        aria-label={`Staff menu for post ${post.id}`}
        className="rounded border border-slate-300 px-1 text-slate-600 hover:bg-slate-100"
        onClick={(e) => {
          const { left } = e.currentTarget.getBoundingClientRect()
          const width = Math.min(MENU_WIDTH, window.innerWidth - 2 * EDGE)
          setShift(Math.max(EDGE, Math.min(left, window.innerWidth - width - EDGE)) - left)
          setOpen(open ? null : 'menu')
        }}
      >
        ⚙
      </button>
      {open && (
        <div
          role="menu"
          style={{ width: MENU_WIDTH, left: shift }}
          className="absolute z-30 mt-1 max-w-[calc(100vw-1rem)] space-y-1 rounded border border-slate-300 bg-white p-2 text-sm shadow-lg"
        >
          {open === 'menu' && (
            <>
              <MenuButton onClick={() => setOpen('history')}>Check Mod History</MenuButton>
              <a role="menuitem" className="block hover:underline" href={banHref}>
                Ban User
              </a>
              <MenuButton onClick={() => setOpen('delete')}>Delete Post</MenuButton>
              {moderator && <MenuButton onClick={() => setOpen('color')}>Change Color</MenuButton>}
              {moderator && post.image_url && <MenuButton onClick={() => setOpen('banfile')}>Ban File</MenuButton>}
            </>
          )}
          {open === 'delete' && (
            <div className="space-y-1">
              <DeleteReasonPrompt
                id={`reason-${post.id}`}
                label={`Reason for deleting post ${post.id}`}
                onDelete={remove}
                onCancel={() => setOpen(null)}
              />
            </div>
          )}
          {open === 'banfile' && (
            <BanFilePrompt postId={post.id} admin={staff.role === 'admin'} onDone={() => setOpen(null)} />
          )}
          {open === 'color' && (
            <div className="flex flex-wrap gap-1">
              {POST_COLORS.map((c) => (
                <button
                  key={c}
                  type="button"
                  onClick={() => recolor(c)}
                  className="rounded border border-slate-300 px-1.5 text-xs"
                >
                  {c}
                </button>
              ))}
            </div>
          )}
          {open === 'history' && (
            <div
              role="dialog"
              aria-modal="true"
              aria-label="Moderation history"
              className="fixed inset-0 z-50 flex items-center justify-center bg-black/40"
              onClick={() => setOpen(null)}
            >
              <div
                className="max-h-[80vh] w-full max-w-lg overflow-auto rounded-lg bg-white p-4 shadow-xl"
                onClick={(e) => e.stopPropagation()}
              >
                <DialogTitleBar title="Moderation history" onClose={() => setOpen(null)} />
                <ModHistory post={post} />
              </div>
            </div>
          )}
          <ErrorText className="text-xs text-red-600">{error}</ErrorText>
        </div>
      )}
    </span>
  )
}

/** An action of the staff menu that opens one of its panels. */
function MenuButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" role="menuitem" className="block w-full text-left hover:underline" onClick={onClick}>
      {children}
    </button>
  )
}
