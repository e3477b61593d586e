// The app's routes read from the file tree, so a route added later is covered by tests that walk them all:
// every app/api/**/route.ts and every app/**/page.tsx, as templates like /api/boards/[boardId]/threads.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { ROOT } from './server'

export interface AppRoute {
  template: string
  /** Names of the dynamic segments in order ("path" for a catch-all [...path]). */
  params: string[]
  api: boolean
  staff: boolean
}

function filesNamed(dir: string, name: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => path.basename(f) === name)
    .map((f) => path.dirname(f))
}

function toRoute(dir: string, prefix: string): AppRoute {
  // Route groups such as (shell) are not part of the URL.
  const segments = dir === '.' ? [] : dir.split(path.sep).filter((s) => !/^\(.*\)$/.test(s))
  const template = (prefix + '/' + segments.join('/')).replace(/\/+$/, '') || '/'
  const params = segments.filter((s) => s.startsWith('[')).map((s) => s.replace(/^\[(\.\.\.)?|\]$/g, ''))
  return { template, params, api: template.startsWith('/api'), staff: /^\/(api\/)?admin(\/|$)/.test(template) }
}

export function apiRoutes(): AppRoute[] {
  return filesNamed(path.join(ROOT, 'app/api'), 'route.ts')
    .map((d) => toRoute(d, '/api'))
    .sort((a, b) => a.template.localeCompare(b.template))
}

export function pageRoutes(): AppRoute[] {
  return filesNamed(path.join(ROOT, 'app'), 'page.tsx')
    .map((d) => toRoute(d, ''))
    .sort((a, b) => a.template.localeCompare(b.template))
}

/** The template with each dynamic segment replaced, in order, by the given (already encoded) values. */
export function fillTemplate(route: AppRoute, values: string[]): string {
  let i = 0
  return route.template.replace(/\[(?:\.\.\.)?[^\]]+\]/g, () => values[i++] ?? '1')
}
