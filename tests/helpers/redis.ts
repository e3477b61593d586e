// A throwaway redis-server for fault tests (never the shared one): its own free port, no persistence, killed
// with SIGKILL (after SIGCONT, in case a test froze it).
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

/** A redis-server of this test's own, without persistence; resolves once it accepts connections. */
export function startRedis(port: number): Promise<ChildProcess> {
  const proc = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000)
    proc.stdout!.on('data', (d) => {
      output += d
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer)
        resolve(proc)
      }
    })
    proc.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`redis-server exited with ${code}:\n${output}`))
    })
  })
}

export async function killRedis(proc: ChildProcess | undefined): Promise<void> {
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return
  const exited = new Promise((resolve) => proc.once('exit', resolve))
  proc.kill('SIGCONT')
  proc.kill('SIGKILL')
  await exited
}
