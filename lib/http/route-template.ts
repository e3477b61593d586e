// The route a request matched, as a template (`/board/[boardId]/thread/[threadId]`), for metrics and logs: raw
// paths carry ids and would make one series per thread. Templates come from Next's routes manifest of the build
// and from the few prefixes server.ts serves itself; anything else is "(unmatched)". The set is therefore fixed
// by the code, whatever clients send.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { LRUCache } from 'lru-cache'

export const UNMATCHED = '(unmatched)'

interface ManifestRoute {
  page: string
  regex: string
}

export interface RouteTable {
  exact: Set<string>
  dynamic: { page: string; regex: RegExp }[]
  /** Top-level files of public/ (favicon.ico, …), each its own template. */
  publicFiles: Set<string>
  /**
   * The templates of recent paths. Every request's template is looked up for its metrics and log line, and matching
   * a path against each of Next's dynamic routes in turn was a visible share of a cached page's CPU. Bounded, so
   * paths invented by clients only push out older ones.
   */
  recent: LRUCache<string, string>
}

const RECENT_PATHS = 5_000

/** Prefixes answered outside Next's routes, each one template. */
const PREFIXES: [prefix: string, template: string][] = [
  ['/_next/static/', '/_next/static/*'],
  ['/_next/', '/_next/*'],
  ['/media/', '/media/*'],
  ['/flags/', '/flags/*'],
  ['/placeholders/', '/placeholders/*'],
  ['/socket.io/', '/socket.io/*'],
]

/** Reads the build's routes manifest (production, or the development server's) and public/. */
export function loadRouteTable(root: string): RouteTable {
  const table: RouteTable = {
    exact: new Set(['/metrics']),
    dynamic: [],
    publicFiles: new Set(),
    recent: new LRUCache({ max: RECENT_PATHS }),
  }
  const file = ['.next/routes-manifest.json', '.next/dev/routes-manifest.json']
    .map((f) => path.join(root, f))
    .find((f) => existsSync(f))
  if (file) {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
      staticRoutes?: ManifestRoute[]
      dynamicRoutes?: ManifestRoute[]
    }
    for (const r of manifest.staticRoutes ?? []) table.exact.add(r.page)
    for (const r of manifest.dynamicRoutes ?? []) table.dynamic.push({ page: r.page, regex: new RegExp(r.regex) })
  }
  const publicDir = path.join(root, 'public')
  if (existsSync(publicDir)) {
    for (const entry of readdirSync(publicDir, { withFileTypes: true })) {
      if (entry.isFile()) table.publicFiles.add('/' + entry.name)
    }
  }
  return table
}

export function routeTemplate(url: string, table: RouteTable): string {
  const pathname = url.split('?')[0] || '/'
  let template = table.recent.get(pathname)
  if (template === undefined) table.recent.set(pathname, (template = matchTemplate(pathname, table)))
  return template
}

function matchTemplate(pathname: string, table: RouteTable): string {
  for (const [prefix, template] of PREFIXES) if (pathname.startsWith(prefix)) return template
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  if (table.exact.has(trimmed) || table.publicFiles.has(trimmed)) return trimmed
  for (const { page, regex } of table.dynamic) if (regex.test(pathname)) return page
  return UNMATCHED
}
