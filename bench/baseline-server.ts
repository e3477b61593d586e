// The raw baseline: a minimal node:http server in its own process that answers with bytes captured from Corkboard
// (same status, headers and compressed body), so each figure can be set beside "what Node alone does with these
// bytes" on the same machine in the same run. Started by startBaseline(); routes arrive over IPC.
import { fork, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface BaselineRoute {
  method: string
  /** Exact path; omitted = any path with this method (replies rotate over threads). */
  path?: string
  status: number
  headers: Record<string, string>
  body: Buffer
}

interface WireRoute extends Omit<BaselineRoute, 'body'> {
  body: string
}

export interface Baseline {
  url: string
  stop(): void
  /** The size of the body the baseline answers for this exact path. */
  bytesOf(path: string): number
}

/** Forks the baseline process with the given answers; resolves once it listens. */
export function startBaseline(routes: BaselineRoute[]): Promise<Baseline> {
  const child: ChildProcess = fork(import.meta.filename, ['--serve'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`baseline server exited with ${code}`)))
    child.once('message', (msg: { port: number }) =>
      resolve({
        url: `http://127.0.0.1:${msg.port}`,
        stop: () => child.kill(),
        bytesOf: (path) => routes.find((r) => r.path === path)?.body.length ?? 0,
      }),
    )
    const wire: WireRoute[] = routes.map((r) => ({ ...r, body: r.body.toString('base64') }))
    child.send({ routes: wire })
  })
}

function serve(routes: BaselineRoute[]): void {
  const exact = new Map(routes.filter((r) => r.path).map((r) => [`${r.method} ${r.path}`, r]))
  const byMethod = new Map(routes.filter((r) => !r.path).map((r) => [r.method, r]))
  const server = createServer((req, res) => {
    const route = exact.get(`${req.method} ${req.url}`) ?? byMethod.get(req.method ?? '')
    // Read the whole request body first, as Corkboard must.
    req.resume()
    req.on('end', () => {
      if (!route) {
        res.writeHead(404)
        return void res.end()
      }
      res.writeHead(route.status, { ...route.headers, 'content-length': route.body.length })
      res.end(route.body)
    })
  })
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }))
  process.on('disconnect', () => process.exit(0))
}

if (process.argv.includes('--serve')) {
  process.once('message', (msg: { routes: WireRoute[] }) =>
    serve(msg.routes.map((r) => ({ ...r, body: Buffer.from(r.body, 'base64') }))),
  )
}
