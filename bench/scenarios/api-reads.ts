// Every public API read, hot (answered by the page cache) against the same server with the cache off
// (PAGE_CACHE_MB=0, each request reaching its handler and the database), and the server's CPU time per uncached
// request: the process's user + system time (/proc/<pid>/stat) over a one-connection load, divided by its answers,
// asking for compression as browsers do, then again asking for none.
import { readFileSync } from 'node:fs'
import { POSTER_COOKIE, postReply, rawRequest } from '../http'
import { runLoad, settle } from '../http-load'
import { monotonicUs } from '../profile-summary'
import type { ApiReadFigure } from '../report'
import type { BenchContext, BenchScenario } from './context'
import { describe } from './context'

const HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' }
const IDENTITY_HEADERS = { accept: 'application/json', 'accept-encoding': 'identity' }
/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100

interface ApiRead {
  id: string
  label: string
  path: string
}

export const apiReadsScenario: BenchScenario = {
  id: 'api-reads',
  async run(ctx) {
    const reads = await apiReads(ctx)
    const { connections, seconds, warmUpSeconds } = ctx.settings
    const hot = new Map<string, { bytes: number; rps: number }>()
    for (const read of reads) {
      const check = await rawRequest(ctx.server.url + read.path, { headers: { accept: 'application/json' } })
      if (check.status !== 200) throw new Error(`${read.path} answered ${check.status}`)
      ctx.log(`${read.label} (${read.path}), hot: ${seconds} s at ${connections} connections`)
      const url = ctx.server.url + read.path
      const load = await runLoad({ url, connections, seconds, warmUpSeconds, headers: HEADERS })
      ctx.log(`  ${describe(load)}`)
      hot.set(read.id, { bytes: check.body.length, rps: load.rps })
    }

    const figures: ApiReadFigure[] = []
    const options = ctx.serverOptions
    ctx.log('restarting with the page cache off (PAGE_CACHE_MB=0)')
    const server = await ctx.restart({ ...options, env: { ...options.env, PAGE_CACHE_MB: '0' } })
    try {
      for (const read of reads) {
        const url = server.url + read.path
        ctx.log(`${read.label}, uncached: ${seconds} s at ${connections} connections, then at one`)
        // The first request of a route in a fresh process loads its code: not part of any figure.
        await rawRequest(url, { headers: HEADERS })
        const cold = await runLoad({ url, connections, seconds, warmUpSeconds, headers: HEADERS })
        await settle(url)
        // CPU per request from one connection: nothing is left in flight when the load stops to blur the count.
        const before = cpuMs(server.proc.pid!)
        const fromUs = monotonicUs()
        const serial = await runLoad({ url, connections: 1, seconds, headers: HEADERS })
        ctx.profileWindows.set(`${read.label}, uncached, one connection`, [{ fromUs, toUs: monotonicUs() }])
        const cpu = cpuMs(server.proc.pid!) - before
        const answers = serial.ok + serial.failed
        await settle(url)
        // Again with no compression asked: how much of it is the compressor (brotli 1 for a 439 KB list ≈ 2–3 ms).
        const beforeIdentity = cpuMs(server.proc.pid!)
        const plain = await runLoad({ url, connections: 1, seconds, headers: IDENTITY_HEADERS })
        const cpuIdentity = (cpuMs(server.proc.pid!) - beforeIdentity) / (plain.ok + plain.failed)
        ctx.log(
          `  ${describe(cold)}; ${(cpu / answers).toFixed(2)} ms of server CPU per request, ` +
            `${cpuIdentity.toFixed(2)} ms with no compression asked`,
        )
        await settle(url)
        const { bytes, rps } = hot.get(read.id)!
        figures.push({
          ...read,
          bytes,
          hotRps: rps,
          uncachedRps: cold.rps,
          uncachedP50: cold.p50,
          cpuMsPerRequest: cpu / answers,
          cpuMsIdentity: cpuIdentity,
          failed: cold.failed,
        })
      }
    } finally {
      ctx.log('restarting with the page cache on')
      await ctx.restart(options)
    }
    ctx.results.apiReads = figures
  },
}

/** The server process's user + system CPU time so far, in milliseconds. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // Fields after the command name (in parentheses, which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND
}

/**
 * The reads: the heaviest board (100 live threads with their previews) and its 300-post thread, and a poll made
 * for the run on a reply to another board's thread (the seed has none).
 */
async function apiReads(ctx: BenchContext): Promise<ApiRead[]> {
  // ctx.paths['posts-api'] is /api/boards/{board}/threads/{thread}/posts.
  const [, , , board, , threadId] = ctx.paths['posts-api'].split('/')
  const pollThread = ctx.site.threads.find((t) => t.boardId === 'random' && t.postCount < 200)!
  const reply = JSON.parse((await postReply(ctx.server.url, pollThread, 'A poll for the API bench')).body.toString())
  const created = await rawRequest(
    `${ctx.server.url}/api/boards/random/threads/${pollThread.threadId}/posts/${reply.postId}/survey`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: POSTER_COOKIE },
      body: Buffer.from(
        JSON.stringify({ survey_type: 'multiple', question: 'Which?', options: ['one', 'two', 'three'] }),
      ),
    },
  )
  if (created.status !== 201) throw new Error(`survey answered ${created.status}: ${created.body}`)
  const surveyId = (JSON.parse(created.body.toString()) as { survey: { id: number } }).survey.id
  return [
    { id: 'boards', label: 'GET /api/boards', path: '/api/boards' },
    { id: 'board', label: 'GET /api/boards/{id}', path: `/api/boards/${board}` },
    { id: 'threads', label: 'GET …/threads, 100 threads with previews', path: `/api/boards/${board}/threads` },
    { id: 'thread', label: 'GET …/threads/{id}', path: `/api/boards/${board}/threads/${threadId}` },
    { id: 'posts', label: 'GET …/posts, 300 posts', path: ctx.paths['posts-api'] },
    { id: 'results', label: 'GET …/surveys/{id}/results', path: `/api/boards/random/surveys/${surveyId}/results` },
    { id: 'stats', label: 'GET /api/stats', path: '/api/stats' },
    { id: 'hourly', label: 'GET /api/stats/hourly?hours=24', path: '/api/stats/hourly?hours=24' },
  ]
}
