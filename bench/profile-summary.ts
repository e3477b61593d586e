// Summarises a V8 CPU profile (node --cpu-prof): self time by function and by package, the "top functions" view
// PERFORMANCE.md quotes for a missed target. Pure; tested in tests/unit/bench-profile.test.ts.

export interface CpuProfile {
  /** Microseconds on the monotonic clock (CLOCK_MONOTONIC on Linux, as process.hrtime in any process). */
  startTime: number
  nodes: {
    id: number
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number }
    children?: number[]
  }[]
  samples: number[]
  timeDeltas: number[]
}

/** Maps a frame's script position (0-based line and column) to its source's, or null to keep it as it is. */
export type OriginalPosition = (url: string, line: number, column: number) => { url: string; line: number } | null

export interface SelfTime {
  name: string
  ms: number
  share: number
}
export interface ProfileSummary {
  totalMs: number
  functions: SelfTime[]
  packages: SelfTime[]
}

/** Where a script belongs: an npm package ("react-dom"), the app ("app: lib/page-cache"), Node itself, or V8. */
export function packageOf(url: string, functionName: string, root = process.cwd()): string {
  if (!url)
    return functionName === '(garbage collector)'
      ? 'GC'
      : functionName === '(idle)' || functionName === '(program)'
        ? functionName
        : 'V8/native'
  if (url.startsWith('node:')) return 'node core'
  const modules = url.lastIndexOf('/node_modules/')
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/')
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]
  }
  if (url.includes('/.next/server/')) return 'app bundle (.next/server)'
  const file = url.replace(/^file:\/\//, '')
  if (file.startsWith(`${root}/`)) {
    const [dir, sub] = file.slice(root.length + 1).split('/')
    return `app: ${sub ? `${dir}/${sub.replace(/\.tsx?$/, '')}` : dir}`
  }
  return file.split('/').slice(-2).join('/')
}

/** Monotonic time in microseconds, on the clock of a CPU profile's timestamps. */
export const monotonicUs = () => Number(process.hrtime.bigint() / 1000n)

/** A span of the monotonic clock, in microseconds. */
export interface TimeWindow {
  fromUs: number
  toUs: number
}

/**
 * Self time by function and package; `windows` keeps only samples within one of them (e.g. the scenario, not
 * start-up; or only the requests a target is about).
 */
export function summariseProfile(
  profile: CpuProfile,
  top = 15,
  windows?: TimeWindow[],
  original?: OriginalPosition,
): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const selfUs = new Map<number, number>()
  let at = profile.startTime
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0
    at += delta
    if (windows && !windows.some((w) => at >= w.fromUs && at <= w.toUs)) return
    selfUs.set(id, (selfUs.get(id) ?? 0) + delta)
  })
  const functions = new Map<string, number>()
  const packages = new Map<string, number>()
  let totalUs = 0
  for (const [id, us] of selfUs) {
    const called = byId.get(id)?.callFrame
    if (!called || called.functionName === '(idle)') continue
    totalUs += us
    const mapped = called.url ? original?.(called.url, called.lineNumber, called.columnNumber ?? 0) : null
    const frame = mapped ? { ...called, url: mapped.url, lineNumber: mapped.line } : called
    const where = frame.url
      ? `${frame.url
          .replace(/^file:\/\//, '')
          .split('/')
          .slice(-2)
          .join('/')}:${frame.lineNumber + 1}`
      : ''
    const fn = `${frame.functionName || '(anonymous)'}${where ? ` ${where}` : ''}`
    functions.set(fn, (functions.get(fn) ?? 0) + us)
    const pkg = packageOf(frame.url, frame.functionName)
    packages.set(pkg, (packages.get(pkg) ?? 0) + us)
  }
  const rank = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000, share: totalUs ? us / totalUs : 0 }))
  return { totalMs: totalUs / 1000, functions: rank(functions), packages: rank(packages) }
}

export function profileMarkdown(title: string, summary: ProfileSummary): string {
  const rows = (list: SelfTime[]) =>
    list
      .map((s) => `| ${s.name.replace(/\|/g, '\\|')} | ${s.ms.toFixed(0)} | ${(s.share * 100).toFixed(1)} % |`)
      .join('\n')
  return [
    `#### ${title}`,
    '',
    `Busy CPU time sampled: ${(summary.totalMs / 1000).toFixed(1)} s (idle excluded).`,
    '',
    '| Package | Self ms | Share |',
    '|---|---:|---:|',
    rows(summary.packages.slice(0, 10)),
    '',
    '| Function | Self ms | Share |',
    '|---|---:|---:|',
    rows(summary.functions),
    '',
  ].join('\n')
}
