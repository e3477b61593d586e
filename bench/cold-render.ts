// Cold renders: the first request for a board or thread page after a write dropped it from the page cache. Each
// repetition caches both pages, posts a reply to the thread (which invalidates the thread and its board), then
// times the next request for each page, from the client's side: render, compression and delivery.
import { BROWSER_HEADERS, postReply, rawRequest } from './http'
import type { SeededThread } from './seed'

export interface ColdRenders {
  boardMs: number[]
  threadMs: number[]
  threadBytes: number
  boardBytes: number
  notMiss: number
}

const CACHE_HEADER = 'x-corkboard-cache'

export async function measureColdRenders(
  url: string,
  threads: SeededThread[],
  repetitions: number,
): Promise<ColdRenders> {
  const out: ColdRenders = { boardMs: [], threadMs: [], threadBytes: 0, boardBytes: 0, notMiss: 0 }
  for (let i = 0; i < repetitions; i++) {
    const { boardId, threadId } = threads[i % threads.length]
    const boardPath = `/board/${boardId}`
    const threadPath = `${boardPath}/thread/${threadId}`
    for (const p of [threadPath, boardPath]) await get(url, p)

    await postReply(url, { boardId, threadId }, `Cold render #${i + 1}`)

    const thread = await get(url, threadPath)
    const board = await get(url, boardPath)
    for (const res of [thread, board]) if (res.headers[CACHE_HEADER] !== 'MISS') out.notMiss++
    out.threadMs.push(thread.ms)
    out.boardMs.push(board.ms)
    out.threadBytes = thread.body.length
    out.boardBytes = board.body.length
  }
  return out
}

async function get(url: string, path: string) {
  const res = await rawRequest(`${url}${path}`, { headers: BROWSER_HEADERS })
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`)
  return res
}
