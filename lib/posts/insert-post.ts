// Stores a new post (a thread's opening post or a reply) with one INSERT … RETURNING id, written as SQL rather than
// through the Prisma model API: posting is the hottest write, and the model API plans every create anew (its query
// compiler and interpreter cost more CPU than the statement itself). The SQL is the same on SQLite and PostgreSQL
// and every value is a bound parameter. The stored row is the one built here plus its id, so it is returned without
// reading it back; the columns left out take their schema defaults, which are repeated below.
import type { NewPostRow } from './new-post-row'
import type { RawSql } from '../db/driver-sql'
import type { Post } from '../db/generated/sqlite/client.ts'

/** The schema's default for the one column a new post never sets. */
const DEFAULT_COLOR = 'black'

/** The stored row but its id: the new row's columns, with the defaults of those it leaves out. */
export function storedPost(row: NewPostRow): Omit<Post, 'id'> {
  return {
    threadId: row.threadId,
    boardId: row.boardId,
    content: row.content,
    createdAt: row.createdAt,
    isOp: row.isOp,
    dontBump: row.dontBump,
    color: DEFAULT_COLOR,
    threadUserId: row.threadUserId,
    countryCode: row.countryCode,
    ipAddress: row.ipAddress,
    ownerKeyHash: row.ownerKeyHash,
    imageUrl: row.imageUrl ?? null,
    mediaKey: row.mediaKey ?? null,
    thumbnailUrl: row.thumbnailUrl ?? null,
    thumbnailKey: row.thumbnailKey ?? null,
    fileType: row.fileType ?? null,
    mediaMime: row.mediaMime ?? null,
    mediaSize: row.mediaSize ?? null,
    mediaWidth: row.mediaWidth ?? null,
    mediaHeight: row.mediaHeight ?? null,
    mediaOrigName: row.mediaOrigName ?? null,
    mediaDuration: row.mediaDuration ?? null,
    spoiler: row.spoiler,
    mediaMd5: row.mediaMd5 ?? null,
    textHash: row.textHash,
    mediaSha256: row.mediaSha256 ?? null,
  }
}

export async function insertPost(tx: RawSql, row: NewPostRow): Promise<Post> {
  const post = storedPost(row)
  const p = post
  const rows = await tx.$queryRaw<{ id: number | bigint }[]>`
    INSERT INTO posts (thread_id, board_id, content, created_at, is_op, dont_bump, color, thread_user_id,
      country_code, ip_address, owner_key_hash, image_url, media_key, thumbnail_url, thumbnail_key, file_type,
      media_mime, media_size, media_width, media_height, media_original_name, media_duration, spoiler, media_md5,
      text_hash, media_sha256)
    VALUES (${p.threadId}, ${p.boardId}, ${p.content}, ${p.createdAt}, ${p.isOp}, ${p.dontBump}, ${p.color},
      ${p.threadUserId}, ${p.countryCode}, ${p.ipAddress}, ${p.ownerKeyHash}, ${p.imageUrl}, ${p.mediaKey},
      ${p.thumbnailUrl}, ${p.thumbnailKey}, ${p.fileType}, ${p.mediaMime}, ${p.mediaSize}, ${p.mediaWidth},
      ${p.mediaHeight}, ${p.mediaOrigName}, ${p.mediaDuration}, ${p.spoiler}, ${p.mediaMd5}, ${p.textHash},
      ${p.mediaSha256})
    RETURNING id`
  return { id: Number(rows[0].id), ...post }
}
