// A PostgreSQL cluster of a test's own (initdb + postgres as the `postgres` user, in a temp dir, on a free port),
// for fault tests that stop or freeze the database: the shared server must never be touched.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin'

export interface ThrowawayPostgres {
  url: string
  port: number
  /** Stops the server (fast shutdown: connections are cut, new ones refused). */
  stop(): Promise<void>
  /** Starts it again on the same port and data directory. */
  start(): Promise<void>
  /** SIGSTOP (freeze) or SIGCONT (thaw) the postmaster and every backend. */
  signalAll(signal: 'SIGSTOP' | 'SIGCONT'): void
  destroy(): Promise<void>
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

const asPostgres = (args: string[]) => ['-u', 'postgres', '--', ...args]

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cb-pg-'))
  chmodSync(dir, 0o777)
  const data = path.join(dir, 'data')
  execFileSync('runuser', asPostgres([`${BIN}/initdb`, '-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']), {
    stdio: 'ignore',
  })
  const port = await freePort()
  let proc: ChildProcess | undefined

  const start = async () => {
    proc = spawn(
      'runuser',
      asPostgres([
        `${BIN}/postgres`,
        '-D',
        data,
        '-p',
        String(port),
        '-k',
        dir,
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'fsync=off',
        '-c',
        'max_connections=60',
      ]),
      { stdio: 'ignore' },
    )
    const deadline = Date.now() + 20_000
    for (;;) {
      try {
        const c = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:${port}/postgres` })
        await c.connect()
        await c.end()
        return
      } catch (err) {
        if (Date.now() > deadline) throw err
        await new Promise((r) => setTimeout(r, 100))
      }
    }
  }
  const pids = (): number[] => {
    const pidFile = path.join(data, 'postmaster.pid')
    if (!existsSync(pidFile)) return []
    const master = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
    // Never 0 or garbage: kill(0, …) would signal the test's own process group.
    if (!Number.isInteger(master) || master <= 1) return []
    const children = readdirSync('/proc')
      .filter((p) => /^\d+$/.test(p))
      .map(Number)
      .filter((pid) => {
        try {
          return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === master
        } catch {
          return false
        }
      })
    return [master, ...children]
  }
  const stop = async () => {
    if (!existsSync(path.join(data, 'postmaster.pid'))) return
    for (const pid of pids()) {
      try {
        process.kill(pid, 'SIGCONT')
      } catch {
        /* gone */
      }
    }
    execFileSync('runuser', asPostgres([`${BIN}/pg_ctl`, '-D', data, '-m', 'immediate', '-w', 'stop']), {
      stdio: 'ignore',
    })
    proc = undefined
  }

  await start()
  const admin = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:${port}/postgres` })
  await admin.connect()
  await admin.query('CREATE DATABASE corkboard')
  await admin.end()
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/corkboard`,
    port,
    stop,
    start,
    signalAll(signal) {
      // The postmaster first (pids() lists it first), then the backends, listed again until a pass finds none new:
      // a backend forked after the first list was read would otherwise keep answering through a freeze.
      // A few passes at most: a thawed postmaster may go on forking, and those need no signal.
      const signalled = new Set<number>()
      for (let pass = 0, fresh = pids(); fresh.length && pass < 5; pass++) {
        for (const pid of fresh) {
          signalled.add(pid)
          try {
            process.kill(pid, signal)
          } catch {
            /* gone */
          }
        }
        fresh = pids().filter((pid) => !signalled.has(pid))
      }
    },
    async destroy() {
      for (const pid of pids()) {
        try {
          process.kill(pid, 'SIGKILL')
        } catch {
          /* gone */
        }
      }
      proc?.kill('SIGKILL')
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
