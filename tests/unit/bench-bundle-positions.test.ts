// A CPU profile of the compiled server names dist/server.mjs for all of our code; the bench maps each frame back to
// its TypeScript file through the bundle's source map (bench/bundle-positions.ts). A real esbuild bundle is mapped.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundlePositions } from '@/bench/bundle-positions'
import { summariseProfile, type CpuProfile } from '@/bench/profile-summary'

describe('bundle positions', () => {
  let dir: string
  let bundle: string
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'corkboard-bundle-'))
    mkdirSync(path.join(dir, 'lib/cache'), { recursive: true })
    writeFileSync(
      path.join(dir, 'lib/cache/serve.ts'),
      `\n\nexport function serveHot(n: number): number {\n  return n * 2\n}\n`,
    )
    writeFileSync(path.join(dir, 'main.ts'), `import { serveHot } from './lib/cache/serve'\nconsole.log(serveHot(2))\n`)
    bundle = path.join(dir, 'dist/main.mjs')
    await build({
      absWorkingDir: dir,
      entryPoints: ['main.ts'],
      outfile: bundle,
      bundle: true,
      format: 'esm',
      sourcemap: 'linked',
      logLevel: 'silent',
    })
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  /** Where the bundle put a line of the source (0-based), as a profile's callFrame would give it. */
  function bundleLineOf(text: string): number {
    return readFileSync(bundle, 'utf8')
      .split('\n')
      .findIndex((l) => l.includes(text))
  }

  it('maps a frame in the bundle to its TypeScript file and line', () => {
    const original = bundlePositions(bundle)!
    const line = bundleLineOf('function serveHot')
    expect(line).toBeGreaterThanOrEqual(0)
    expect(original(pathToFileURL(bundle).href, line, 0)).toEqual({
      url: pathToFileURL(path.join(dir, 'lib/cache/serve.ts')).href,
      line: 2,
    })
    expect(original('file:///elsewhere/x.js', line, 0)).toBeNull()
  })

  it('lets the profile summary group bundled frames by their source folder', () => {
    const original = bundlePositions(bundle)!
    const line = bundleLineOf('return n * 2')
    const profile: CpuProfile = {
      startTime: 0,
      nodes: [
        {
          id: 1,
          callFrame: { functionName: 'serveHot', url: pathToFileURL(bundle).href, lineNumber: line, columnNumber: 2 },
        },
      ],
      samples: [1, 1],
      timeDeltas: [1000, 1000],
    }
    const root = process.cwd()
    process.chdir(dir)
    try {
      const summary = summariseProfile(profile, 15, undefined, original)
      expect(summary.packages[0].name).toBe('app: lib/cache')
      expect(summary.functions[0].name).toBe('serveHot cache/serve.ts:4')
      expect(summariseProfile(profile).packages[0].name).toBe('app: dist/main.mjs')
    } finally {
      process.chdir(root)
    }
  })

  it('is null for a bundle without a source map', () => {
    expect(bundlePositions(path.join(dir, 'missing.mjs'))).toBeNull()
  })
})
