// The text-reply load on a fresh server process warmed by one reply: the filter and captcha scenarios compare two
// such runs, so neither inherits the other's heap or caches.
import { multipart, rawRequest } from '../http'
import { runLoad, settle, type LoadOptions, type LoadResult } from '../http-load'
import { describe, REPLY_TEXT, replyHeaders, type BenchContext, type ServerOptions } from './context'

export async function freshReplyRun(
  ctx: BenchContext,
  label: string,
  options: ServerOptions,
  /** Extra multipart fields for each reply (a captcha solution); one call per reply. */
  fields: () => Record<string, string> = () => ({}),
  /** Work on the fresh process before the first reply (fetching captcha challenges from it). */
  prepare?: (serverUrl: string) => Promise<void>,
): Promise<LoadResult> {
  const server = await ctx.restart(options)
  await prepare?.(server.url)
  const body = () => multipart({ content: REPLY_TEXT, ...fields() })
  const first = body()
  const warm = await rawRequest(`${server.url}${ctx.nextThread()}`, {
    method: 'POST',
    body: first.body,
    headers: replyHeaders(first.contentType),
  })
  if (warm.status !== 201) throw new Error(`reply answered ${warm.status}: ${warm.body}`)
  const { connections, seconds, warmUpSeconds } = ctx.settings
  ctx.log(`text replies, ${label}: ${seconds} s at ${connections} connections`)
  const load: LoadOptions = {
    url: server.url + ctx.nextThread(),
    method: 'POST',
    body: first.body,
    headers: replyHeaders(first.contentType),
    connections,
    seconds,
    warmUpSeconds,
    next: () => {
      const b = body()
      return { path: ctx.nextThread(), body: b.body, headers: replyHeaders(b.contentType) }
    },
  }
  const c = await runLoad(load)
  await settle(load.url)
  ctx.log(`  corkboard ${describe(c)}`)
  return c
}
