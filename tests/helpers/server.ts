// Starts the real Corkboard server (dist/server.mjs, production mode, as `npm start` runs it) on an ephemeral port with
// its own data directory and database, for integration and end-to-end tests. Requires a prior `npm run build`
// (npm test does it), which compiles both Next's bundles and server.ts.
import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createTestDatabase, type TestDatabase } from './database'

export const ROOT = path.resolve(import.meta.dirname, '../..')

/** server.ts as `npm run build` compiles it (scripts/build-server.mjs). */
const SERVER_SCRIPT = 'dist/server.mjs'

function assertBuilt(): void {
  for (const file of ['.next/BUILD_ID', SERVER_SCRIPT])
    if (!existsSync(path.join(ROOT, file)))
      throw new Error(`No production build (${file}): run \`npm run build\` first`)
}

/** The Node settings `npm run start:prebuilt` and the systemd unit start the server with (package.json). */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=4', '--heap-growing-percent=50', '--enable-source-maps']
export const SERVER_MEMORY_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' }

export interface TestServer {
  url: string
  port: number
  dataDir: string
  database: TestDatabase
  proc: ChildProcess
  output(): string
  /** Sends a signal and resolves with the exit code once the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

export interface StartOptions {
  env?: Record<string, string | undefined>
  /** Reuse a data directory and database (e.g. to restart a server); a fresh one is made otherwise. */
  dataDir?: string
  database?: TestDatabase
  /** Keep the data directory and database after stop (the caller cleans up). */
  keep?: boolean
  /** Extra Node flags before the script, e.g. `--cpu-prof` for the benchmark's profiles. */
  nodeArgs?: string[]
  /**
   * Send the server's stdout (its JSON log, a line per request) to this file instead of a pipe to this process, as
   * the benchmark does: the process generating the load should not also spend its time reading the log.
   */
  logFile?: string
}

export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  assertBuilt()
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'corkboard-test-'))
  const database = options.database ?? (await createTestDatabase(dataDir))
  // One process, as in production, so signals reach the server itself.
  const nodeArgs = [...(options.nodeArgs ?? []), ...SERVER_NODE_ARGS]
  // Emptied first: a restarted server must not be found listening where the one before it did.
  const logFd = options.logFile ? openSync(options.logFile, 'w') : undefined
  const proc = spawn(process.execPath, [...nodeArgs, SERVER_SCRIPT], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ...SERVER_MEMORY_ENV,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      HOUSEKEEPING: 'off',
      // Tests and benchmarks post the same text and file many times; tests/integration/duplicates.test.ts turns
      // the duplicate-post rule on.
      DUPLICATE_TEXT_SECONDS: '0',
      DUPLICATE_FILE_SECONDS: '0',
      // Tests read a page right after writing to it, often from another address: pages are never served stale
      // unless a test asks (tests/integration/page-cache-stale.test.ts).
      PAGE_STALE_MS: '0',
      ...options.env,
    },
    stdio: ['ignore', logFd ?? 'pipe', 'pipe'],
  })
  if (logFd !== undefined) closeSync(logFd)
  let piped = ''
  proc.stdout?.on('data', (d) => (piped += d))
  proc.stderr!.on('data', (d) => (piped += d))
  const output = () => (options.logFile ? readFileSync(options.logFile, 'utf8') + piped : piped)
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)))

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${output()}`)), 60_000)
    const check = () => {
      const m = /Corkboard listening on (http:\/\/\S+)/.exec(output())
      if (!m) return false
      // Stop looking: each look flattens the whole output so far, and the log grows by a line per request.
      proc.stdout?.off('data', check)
      clearTimeout(timer)
      clearInterval(poll)
      resolve(m[1])
      return true
    }
    proc.stdout?.on('data', check)
    // A log file has no events to wait for: it is read every 100 ms until the server says it listens.
    const poll = setInterval(() => options.logFile && check(), 100)
    void exited.then((code) => {
      clearTimeout(timer)
      clearInterval(poll)
      reject(new Error(`server exited with ${code}:\n${output()}`))
    })
  })

  let stopped: Promise<number | null> | undefined
  return {
    url,
    port: Number(new URL(url).port),
    dataDir,
    database,
    proc,
    output,
    stop(signal = 'SIGTERM') {
      stopped ??= (async () => {
        if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal)
        const code = await exited
        if (!options.keep) {
          await database.drop()
          if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true })
        }
        return code
      })()
      return stopped
    },
  }
}

/** Runs the server expecting it to refuse to start; resolves with its exit code and output. */
export async function startExpectingFailure(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  assertBuilt()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'corkboard-test-'))
  try {
    const proc = spawn(process.execPath, [SERVER_SCRIPT], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    proc.stdout.on('data', (d) => (output += d))
    proc.stderr.on('data', (d) => (output += d))
    const code = await new Promise<number | null>((resolve) => proc.once('exit', resolve))
    return { code, output }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/**
 * RATE_LIMITS for tests that post a lot from a few addresses: API requests, thread and reply creation, and each
 * named kind get room to spare (the limits themselves have tests of their own).
 */
export function roomyRateLimits(...kinds: string[]): string {
  const roomy = ['threadCreate', 'postCreate', ...kinds].map((kind) => [kind, { points: 1000 }])
  return JSON.stringify({ api: { points: 100000 }, ...Object.fromEntries(roomy) })
}
