// The Node versions package.json promises: the running Node is one of them, and every installed package admits
// the lowest version of each supported release line (only one Node runs in CI, so the lower ends are checked
// against the packages' own `engines`). Install scripts run only for the packages allowScripts lists.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import semver from 'semver'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'))
const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'))
const supported: string = pkg.engines.node

// Packages that are installed but never run by Corkboard, with the reason.
const NOT_RUN: Record<string, string> = {
  // `prisma dev`'s local database server, pulled in by the prisma CLI; Corkboard never starts it.
  'node_modules/@prisma/streams-local': 'prisma dev only',
}

/** The lowest version of each release line the range admits (`^20.19 || ^22.13 || >=24` → 20.19.0, 22.13.0, 24.0.0). */
function lowestOfEachLine(range: string): string[] {
  return new semver.Range(range).set.map((comparators) => semver.minVersion(comparators.map(String).join(' '))!.version)
}

describe('supported Node versions', () => {
  it('include the Node running the tests', () => {
    expect(semver.satisfies(process.version, supported), `${process.version} vs ${supported}`).toBe(true)
  })

  it('are admitted by every installed package', () => {
    const lowest = lowestOfEachLine(supported)
    expect(lowest).toContain('20.19.0')
    const refusing: string[] = []
    for (const [where, entry] of Object.entries(lock.packages as Record<string, { engines?: { node?: string } }>)) {
      const range = entry.engines?.node
      // Optional packages for other platforms are in the lockfile but not installed here.
      if (!where || !range || where in NOT_RUN || !existsSync(path.join(ROOT, where))) continue
      for (const version of lowest) {
        if (!semver.satisfies(version, range)) refusing.push(`${where} (${range}) refuses ${version}`)
      }
    }
    expect(refusing).toEqual([])
  })
})

describe('install scripts', () => {
  it('are allowed exactly for the installed packages that have them', () => {
    const withScripts = Object.entries(lock.packages as Record<string, { hasInstallScript?: boolean }>)
      .filter(([where, entry]) => where && entry.hasInstallScript)
      .map(([where]) => where.replace(/^.*node_modules\//, ''))
    expect(Object.keys(pkg.allowScripts).sort()).toEqual([...new Set(withScripts)].sort())
    expect(Object.values(pkg.allowScripts).every((allowed) => allowed === true)).toBe(true)
  })
})
