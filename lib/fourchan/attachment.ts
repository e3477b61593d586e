// A post's file as 4chan's attachment fields. `tim` is the post's own number (unique, and what the media paths
// `{board}/media/{tim}{ext}` and `{tim}s.jpg` are looked up by); `md5` is the stored file's, or the file is reported
// deleted when storage no longer has it.
import escapeHtml from 'escape-html'
import type { FourchanPost } from './types'
import type { Post } from '../db/generated/sqlite/client.ts'
import { THUMBNAIL_SIZE } from '../media/process'

type Attachment = Pick<
  FourchanPost,
  'tim' | 'filename' | 'ext' | 'fsize' | 'md5' | 'w' | 'h' | 'tn_w' | 'tn_h' | 'filedeleted' | 'spoiler'
>

/** The extension of a stored media key ("ab/ab12….png" → ".png"). */
export function extOfKey(key: string): string {
  return key.slice(key.lastIndexOf('.'))
}

/** `md5`: the stored file's digest, or null when the file is gone from storage. */
export function attachmentOf(post: Post, md5: string | null): Attachment {
  if (!post.mediaKey) return {}
  if (md5 === null) return { filedeleted: 1 }
  const w = post.mediaWidth ?? 0
  const h = post.mediaHeight ?? 0
  const [tnW, tnH] = post.thumbnailKey && w && h ? thumbnailSize(w, h) : [THUMBNAIL_SIZE, THUMBNAIL_SIZE]
  const ext = extOfKey(post.mediaKey)
  return {
    filename: escapeHtml(baseName(post.mediaOrigName ?? '') || String(post.id)),
    ext,
    w,
    h,
    tn_w: tnW,
    tn_h: tnH,
    tim: post.id,
    md5,
    fsize: post.mediaSize ?? 0,
    // 4chan's clients show their own spoiler image in place of the thumbnail when this is set.
    ...(post.spoiler ? { spoiler: 1 as const } : {}),
  }
}

/** The thumbnail the media pipeline makes: the picture fitted inside 150 × 150 px, never enlarged. */
export function thumbnailSize(w: number, h: number): [number, number] {
  const scale = Math.min(1, THUMBNAIL_SIZE / w, THUMBNAIL_SIZE / h)
  return [Math.max(1, Math.round(w * scale)), Math.max(1, Math.round(h * scale))]
}

/** 4chan's `filename` is the name without its extension. */
function baseName(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(0, dot) : name
}
