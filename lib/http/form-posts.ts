// POSTs to page addresses. Pages take POSTs only where a form posts without JavaScript (the create-thread and reply
// forms, through server actions); anywhere else a POST is refused with 405. Next decodes such a form itself and
// answers 500 when the body is malformed (a part without a name, say): that is the sender's fault, so the answer
// becomes a 400. A refusal the action decides (validation, bans, limits) is rendered by the page and never a 500.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { isPagePath } from './request-target'

const FORM_TARGETS = [/^\/board\/[a-z0-9]{1,10}\/thread\/[1-9][0-9]{0,9}$/, /^\/board\/[a-z0-9]{1,10}\/create-thread$/]
const MALFORMED = Buffer.from('Malformed form submission\n')

/** Answers (true) a POST to a page that takes none; otherwise lets it through, a 500 from Next turned into a 400. */
export function guardPagePost(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'POST') return false
  const path = (req.url ?? '/').split('?')[0]
  if (!isPagePath(path)) return false
  if (!FORM_TARGETS.some((target) => target.test(path))) {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8', 'content-length': 19 })
    res.end('Method not allowed\n')
    return true
  }
  let replaced = false
  const writeHead = res.writeHead
  const write = res.write
  const end = res.end
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    if (status !== 500) return (writeHead as (...a: unknown[]) => ServerResponse).call(this, status, ...rest)
    replaced = true
    this.removeHeader('content-length')
    this.removeHeader('content-type')
    return writeHead.call(this, 400, {
      'content-type': 'text/plain; charset=utf-8',
      'content-length': MALFORMED.length,
    })
  } as typeof res.writeHead
  res.write = function (this: ServerResponse, ...args: unknown[]) {
    if (replaced) return true
    return (write as (...a: unknown[]) => boolean).apply(this, args)
  } as typeof res.write
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    if (!this.headersSent && this.statusCode === 500) this.writeHead(500)
    if (replaced) return (end as (...a: unknown[]) => ServerResponse).call(this, MALFORMED)
    return (end as (...a: unknown[]) => ServerResponse).apply(this, args)
  } as typeof res.end
  return false
}
