// Stores a reply that passed every check before it: the duplicate rule (lib/duplicates), the thread counted and
// bumped (count-reply.ts), the post and its statistics row, all or nothing. A reply that repeats a recent one is
// refused with the rule's 409; one whose thread is gone or was archived meanwhile with a 404 or 409.
//
// On SQLite these are separate statements in one transaction (statements there are calls into the library, and
// transactions run one at a time). On PostgreSQL every statement is a round trip, so the same work is one statement
// (store-reply-postgres.ts), after the duplicate rule's advisory locks where a check is on and the file's shared lock
// where the reply has one (lib/media/file-locks.ts); with neither, that one statement needs no transaction around it.
import { countReply } from './count-reply'
import { insertPost } from './insert-post'
import type { PostRowDraft } from './new-post-row'
import { replyTarget } from './reply-target'
import { storeReplyInOneStatement } from './store-reply-postgres'
import { getConfig } from '../config'
import { rawSql, rawTransaction } from '../db/client'
import type { RawSql } from '../db/driver-sql'
import { assertNotDuplicate, duplicateError, duplicateLookup, lockFingerprints } from '../duplicates/check'
import { ConflictError, NotFoundError } from '../errors'
import { lockMediaFiles } from '../media/file-locks'
import { insertPostEvent, type PostEventRow } from '../stats/post-events'

export const ARCHIVED = 'This thread has been archived and no longer accepts new posts'

export interface ReplyToStore {
  /** The post's row; its text hash is the duplicate rule's, and whether it bumps is decided by the thread's count. */
  row: PostRowDraft
  sage: boolean
  event: PostEventRow
}

export async function storeReply(reply: ReplyToStore) {
  return getConfig().database.provider === 'postgresql' ? storeOnPostgres(reply) : storeInSteps(reply)
}

async function storeInSteps({ row, sage, event }: ReplyToStore) {
  return rawTransaction(async (tx) => {
    const { textHash } = await assertNotDuplicate(tx, duplicateCheckOf(row), row.createdAt.getTime())
    const counted = await countReply(tx, { id: row.threadId, boardId: row.boardId }, sage, row.createdAt)
    if (!counted) throw await whyNotCounted(tx, row.threadId)
    const post = await insertPost(tx, { ...row, textHash, dontBump: !counted.bumped })
    await insertPostEvent(tx, event)
    return { post, ...counted }
  })
}

async function storeOnPostgres({ row, sage, event }: ReplyToStore) {
  const duplicates = duplicateLookup(duplicateCheckOf(row), row.createdAt.getTime())
  const store = async (tx: RawSql) => {
    const result = await storeReplyInOneStatement(tx, {
      row: { ...row, textHash: duplicates.textHash, dontBump: sage },
      sage,
      duplicates,
      event,
    })
    if (result.stored) return result
    throw result.duplicate ? duplicateError(result.duplicate) : await whyNotCounted(tx, row.threadId)
  }
  if (duplicates.fingerprints.length === 0 && !row.mediaKey) return store(await rawSql())
  return rawTransaction(async (tx) => {
    await lockFingerprints(tx, duplicates.fingerprints)
    await lockMediaFiles(tx, [row.mediaKey, row.thumbnailKey], 'shared')
    return store(tx)
  })
}

const duplicateCheckOf = (row: ReplyToStore['row']) => ({
  boardId: row.boardId,
  threadId: row.threadId,
  content: row.content,
  mediaKey: row.mediaKey,
})

/** The thread took no reply: gone (or on another board, which callers see as gone) or archived. */
async function whyNotCounted(tx: RawSql, threadId: number): Promise<Error> {
  const thread = await replyTarget(tx, threadId)
  return thread?.isDead ? new ConflictError(ARCHIVED) : new NotFoundError('Thread not found')
}
