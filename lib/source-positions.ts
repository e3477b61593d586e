// Stack traces name positions in the TypeScript of server.ts and lib/ (tsx compiles each file to one line) without
// Node keeping the source maps of every other module. tsx turns Node's source-map support on for the whole process,
// and with it on Node reads, parses and keeps the map of every module that names one as it loads: Next's runtimes
// and Prisma's ship theirs, ≈ 20 MB of heap once the first pages have loaded them. Our own modules are loaded (and
// their maps kept) before main() runs; from then on Node's support is off and the frames of modules whose map was
// kept are mapped here. Frames of modules loaded later keep their compiled positions, as in a plain `next start`.
import { findSourceMap, type SourceMap } from 'node:module'

const maps = new Map<string, SourceMap | null>()

function mapOf(file: string): SourceMap | null {
  let map = maps.get(file)
  if (map === undefined) maps.set(file, (map = findSourceMap(file) ?? null))
  return map
}

function position(frame: NodeJS.CallSite): string {
  const text = String(frame)
  const file = frame.getFileName()
  const line = frame.getLineNumber()
  const column = frame.getColumnNumber()
  if (!file || line === null || column === null) return text
  const entry = mapOf(file)?.findEntry(line - 1, column - 1)
  if (!entry || !('originalSource' in entry) || !entry.originalSource) return text
  return text.replace(
    `${file}:${line}:${column}`,
    `${entry.originalSource}:${entry.originalLine + 1}:${entry.originalColumn + 1}`,
  )
}

function heading(error: unknown): string {
  try {
    return Error.prototype.toString.call(error)
  } catch {
    return 'Error'
  }
}

/** Turns Node's source maps off and maps the frames of the modules loaded so far (call once, at start-up). */
export function keepOwnSourcePositionsOnly(): void {
  process.setSourceMapsEnabled(false)
  Error.prepareStackTrace = (error, frames) =>
    [heading(error), ...frames.map((frame) => `    at ${position(frame)}`)].join('\n')
}
