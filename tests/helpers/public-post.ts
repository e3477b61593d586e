// A public post as the API and the pages' components receive it, for unit tests: a text reply in thread 7 of
// /tech/ (post 1 is its opening post), with no file, no poster id and no ban mark unless `extra` says otherwise.
import type { PublicPost } from '@/lib/posts/types'

export function publicPost(id: number, content = `post ${id}`, extra: Partial<PublicPost> = {}): PublicPost {
  return {
    id,
    thread_id: 7,
    board_id: 'tech',
    content,
    created_at: '2026-01-01T00:00:00.000Z',
    image_url: null,
    thumbnail_url: null,
    file_type: null,
    file_info: null,
    spoiler: false,
    color: 'black',
    thread_user_id: null,
    country_code: null,
    dont_bump: false,
    is_op: id === 1,
    isBanned: false,
    banInfo: null,
    ...extra,
  }
}
