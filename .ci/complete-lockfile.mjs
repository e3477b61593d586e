// Run after `npm install` changes package-lock.json: node .ci/complete-lockfile.mjs
// The registry mirror these machines use lacks some platform-specific optional packages (darwin, win32, …),
// so npm leaves them out of the lockfile and `npm ci` then refuses it. This adds the missing entries with the
// platform markers npm uses to skip them, exactly as a lockfile made against the full registry would have.
import { readFileSync, writeFileSync } from 'node:fs'

const file = new URL('../package-lock.json', import.meta.url)
const lock = JSON.parse(readFileSync(file, 'utf8'))
const OS = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd']
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32', 'mips64el']

let added = 0
for (const [where, pkg] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const nested = `${where ? where + '/' : ''}node_modules/${name}`
    if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue
    const parts = name.split('/').pop().split('-')
    const entry = { version, optional: true }
    if (pkg.dev) entry.dev = true
    const os = parts.find((p) => OS.includes(p))
    const cpu = parts.find((p) => CPU.includes(p)) ?? (parts.includes('arm') ? 'arm' : undefined)
    if (os) entry.os = [os]
    if (cpu) entry.cpu = [cpu]
    if (parts.some((p) => p.startsWith('musl'))) entry.libc = ['musl']
    else if (parts.some((p) => p.startsWith('gnu'))) entry.libc = ['glibc']
    lock.packages[`node_modules/${name}`] = entry
    added++
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
)
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n')
console.log(`package-lock.json: added ${added} missing optional platform entries`)
