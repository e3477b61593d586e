// JavaScript shipped by a page: every <script src> the HTML references, fetched from the server and gzipped
// (zlib's default level, as a server or CDN compresses), summed.
import { gzipSync } from 'node:zlib'
import { rawRequest } from './http'

export interface ScriptSizes {
  scripts: { src: string; bytes: number; gzipBytes: number }[]
  totalBytes: number
  totalGzipBytes: number
}

/**
 * The distinct script URLs of an HTML page, in document order. `nomodule` scripts (Next's legacy polyfills) are
 * left out: browsers that run modules, i.e. all current ones, never download them.
 */
export function scriptSources(html: string): string[] {
  const found = [...html.matchAll(/<script\b([^>]*)>/gi)]
    .map((m) => m[1])
    .filter((attrs) => !/\snomodule\b/i.test(attrs))
    .map((attrs) => /\ssrc="([^"]+)"/.exec(attrs)?.[1])
    .filter((src): src is string => Boolean(src))
    .map((src) => src.replace(/&amp;/g, '&'))
  return [...new Set(found)]
}

export async function measureScripts(siteUrl: string, pagePath: string): Promise<ScriptSizes> {
  const page = await rawRequest(`${siteUrl}${pagePath}`, { headers: { accept: 'text/html' } })
  if (page.status !== 200) throw new Error(`${pagePath} answered ${page.status}`)
  const scripts = []
  for (const src of scriptSources(page.body.toString('utf8'))) {
    const res = await rawRequest(new URL(src, siteUrl).toString(), { headers: { 'accept-encoding': 'identity' } })
    if (res.status !== 200) throw new Error(`${src} answered ${res.status}`)
    scripts.push({ src, bytes: res.body.length, gzipBytes: gzipSync(res.body).length })
  }
  return {
    scripts,
    totalBytes: scripts.reduce((s, x) => s + x.bytes, 0),
    totalGzipBytes: scripts.reduce((s, x) => s + x.gzipBytes, 0),
  }
}
