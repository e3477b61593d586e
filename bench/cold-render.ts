// Cold renders: the first request for a board or thread page after a write dropped it from the page cache. Each
// repetition caches both pages, posts a reply to the thread (which invalidates the thread and its board), then
// times the next request for each page, from the client's side: render, compression and delivery. It also reads
// the CPU time the server's main thread (its event loop) spent while each request was answered: on a shared
// machine that is the figure to compare, where the time seen from the client includes waiting for the cores.
import { readFileSync } from 'node:fs'
import { BROWSER_HEADERS, postReply, rawRequest } from './http'
import { monotonicUs, type TimeWindow } from './profile-summary'
import type { SeededThread } from './seed'
import { BENCH_METRICS_TOKEN } from './server-memory'
import { splicedRenders } from '../tests/helpers/http'

export interface ColdRenders {
  boardMs: number[]
  threadMs: number[]
  /** CPU of the server's main thread during each request (compression runs on other threads, and is not in it). */
  boardCpuMs: number[]
  threadCpuMs: number[]
  threadBytes: number
  boardBytes: number
  notMiss: number
  /** Thread pages put together from the previous render's shell (lib/page-cache/splice.ts), not by Next. */
  threadSpliced: number
  /** The same for board pages. */
  boardSpliced: number
  /** When each timed request was under way, for a profile of those requests alone (`--profile=cold`). */
  threadWindows: TimeWindow[]
  boardWindows: TimeWindow[]
}

const CACHE_HEADER = 'x-corkboard-cache'

export async function measureColdRenders(
  url: string,
  threads: SeededThread[],
  repetitions: number,
  serverPid: number,
): Promise<ColdRenders> {
  const out: ColdRenders = {
    boardMs: [],
    threadMs: [],
    boardCpuMs: [],
    threadCpuMs: [],
    threadBytes: 0,
    boardBytes: 0,
    notMiss: 0,
    threadSpliced: 0,
    boardSpliced: 0,
    threadWindows: [],
    boardWindows: [],
  }
  const timed = async (path: string, cpu: number[], windows: TimeWindow[]) => {
    const before = mainThreadCpuMs(serverPid)
    const fromUs = monotonicUs()
    const res = await get(url, path)
    windows.push({ fromUs, toUs: monotonicUs() })
    cpu.push(mainThreadCpuMs(serverPid) - before)
    return res
  }
  for (let i = 0; i < repetitions; i++) {
    const { boardId, threadId } = threads[i % threads.length]
    const boardPath = `/board/${boardId}`
    const threadPath = `${boardPath}/thread/${threadId}`
    for (const p of [threadPath, boardPath]) await get(url, p)

    await postReply(url, { boardId, threadId }, `Cold render #${i + 1}`)

    const spliced = () => splicedRenders(url, BENCH_METRICS_TOKEN)
    let splicedBefore = await spliced()
    const thread = await timed(threadPath, out.threadCpuMs, out.threadWindows)
    out.threadSpliced += (await spliced()) - splicedBefore
    splicedBefore = await spliced()
    const board = await timed(boardPath, out.boardCpuMs, out.boardWindows)
    out.boardSpliced += (await spliced()) - splicedBefore
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

/** CPU time of a process's main thread so far, in ms, to the nanosecond (/proc/PID/task/PID/schedstat). */
function mainThreadCpuMs(pid: number): number {
  const [onCpuNs] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')
  return Number(onCpuNs) / 1e6
}
