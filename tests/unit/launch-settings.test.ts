// Every launcher starts the server with the same Node flags and malloc settings: `npm run start:prebuilt` (and so
// `npm start`), the systemd unit, and the servers of the tests and benchmarks, which are meant to measure what
// production runs.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { SERVER_MEMORY_ENV, SERVER_NODE_ARGS } from '../helpers/server'

const ROOT = path.resolve(__dirname, '../..')
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8')

function npmLauncher() {
  const words = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts[
    'start:prebuilt'
  ].split(/\s+/)
  const node = words.indexOf('node')
  const env = Object.fromEntries(words.slice(0, node).map((w) => w.split('=')))
  return { env, flags: words.slice(node + 1, -1), script: words.at(-1) }
}

function systemdLauncher() {
  const lines = read('deploy/corkboard.service').split('\n')
  const env = Object.fromEntries(
    lines.filter((l) => l.startsWith('Environment=')).map((l) => l.slice('Environment='.length).split('=')),
  )
  const words = lines.find((l) => l.startsWith('ExecStart='))!.split(/\s+/)
  return { env, flags: words.slice(1, -1), script: words.at(-1) }
}

it('starts the server with the same flags and malloc settings from npm, systemd and the test helper', () => {
  for (const launcher of [npmLauncher(), systemdLauncher()]) {
    expect(launcher.script).toBe('dist/server.mjs')
    expect(launcher.flags).toEqual(SERVER_NODE_ARGS)
    for (const [name, value] of Object.entries(SERVER_MEMORY_ENV)) expect(launcher.env[name], name).toBe(value)
  }
})
