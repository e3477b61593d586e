// lib/ is layered: no two of its folders import each other, in either direction, so each folder can be read
// (and moved) with only what lies below it. A module at lib/'s top (lib/config.ts) counts as a folder of its own.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')
const LIB = path.join(ROOT, 'lib')
const SKIP = new Set([path.join(LIB, 'db', 'generated')])
/** Every static, re-exported, side-effect and dynamic import specifier. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name)
    if (e.isDirectory()) return SKIP.has(full) ? [] : sourceFiles(full)
    return /\.tsx?$/.test(e.name) ? [full] : []
  })
}

/** The top folder of lib/ a file lives in, or its base name for a module at lib/'s top. */
function unitOf(file: string): string {
  const [first, ...rest] = path.relative(LIB, file).split(path.sep)
  return rest.length === 0 ? first.replace(/\.tsx?$/, '') : first
}

/** The lib/ unit an import specifier of `file` reaches, or null when it leaves lib/ (packages, node:…). */
function targetUnit(file: string, specifier: string): string | null {
  let target: string
  if (specifier.startsWith('@/')) target = path.join(ROOT, specifier.slice(2))
  else if (specifier.startsWith('.')) target = path.resolve(path.dirname(file), specifier)
  else return null
  const relative = path.relative(LIB, target)
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null
  return unitOf(path.join(LIB, relative))
}

/** Which units each unit imports, with one importing file per edge to name in a failure. */
function importGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>()
  for (const file of sourceFiles(LIB)) {
    const from = unitOf(file)
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const to = targetUnit(file, specifier)
      if (to === null || to === from) continue
      const edges = graph.get(from) ?? new Map<string, string>()
      if (!edges.has(to)) edges.set(to, `${path.relative(ROOT, file)} → ${specifier}`)
      graph.set(from, edges)
    }
  }
  return graph
}

export function twoWayPairs(graph = importGraph()): string[] {
  const pairs: string[] = []
  for (const [a, edges] of graph) {
    for (const [b, example] of edges) {
      const back = graph.get(b)?.get(a)
      if (back && a < b) pairs.push(`${a} ↔ ${b}: ${example}; ${back}`)
    }
  }
  return pairs.sort()
}

describe('lib/ layering', () => {
  it('sees the imports it judges', () => {
    const graph = importGraph()
    expect(graph.get('http')?.has('errors')).toBe(true)
    expect(graph.get('bans')?.has('db')).toBe(true)
  })

  it('has no two folders that import each other', () => {
    expect(twoWayPairs()).toEqual([])
  })
})
