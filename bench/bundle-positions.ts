// Production runs server.ts compiled into one file (dist/server.mjs, scripts/build-server.mjs), so a CPU profile
// names that file for every function of server.ts and lib/ it ran. Its source map turns a frame's position back
// into the TypeScript file and line, which the profile summary then groups by folder as before.
import { existsSync, readFileSync } from 'node:fs'
import { SourceMap, type SourceMapPayload } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { OriginalPosition } from './profile-summary'

/** Null when the bundle has no source map beside it (not built): frames then keep the bundle's positions. */
export function bundlePositions(bundle: string): OriginalPosition | null {
  const mapFile = `${bundle}.map`
  if (!existsSync(mapFile)) return null
  const map = new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8')) as SourceMapPayload)
  const bundleUrl = pathToFileURL(bundle).href
  return (url, line, column) => {
    if (url !== bundleUrl) return null
    const entry = map.findEntry(line, column)
    if (!('originalSource' in entry)) return null
    const file = path.resolve(path.dirname(mapFile), entry.originalSource.replace(/^file:\/\//, ''))
    return { url: pathToFileURL(file).href, line: entry.originalLine }
  }
}
