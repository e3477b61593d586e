// nginx (Debian's nginx-light) as the reverse proxy in front of a test server, with the site configuration of
// deploy/nginx.conf used as it is: only the literal values that file lists in its header (upstream, listen
// port, certificate paths) are replaced. TLS with a self-signed certificate made for the run; nginx runs as the
// current user, with its pid, logs and temporary files in a throwaway directory.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { ROOT } from './server'

export const NGINX = '/usr/sbin/nginx'
const SITE_CONFIG = path.join(ROOT, 'deploy/nginx.conf')

export interface Nginx {
  port: number
  /** The self-signed certificate, for clients to trust. */
  ca: Buffer
  errorLog(): string
  stop(): Promise<void>
}

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released for nginx to take). */
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

/** Replaces `from` where it occurs, exactly once, outside comments (the file's header names the values too). */
function replaceOnce(text: string, from: string, to: string): string {
  const lines = text.split('\n')
  const hits = lines.flatMap((line, i) => (!line.trim().startsWith('#') && line.includes(from) ? [i] : []))
  if (hits.length !== 1) throw new Error(`deploy/nginx.conf must contain "${from}" once outside comments`)
  lines[hits[0]] = lines[hits[0]].replace(from, to)
  return lines.join('\n')
}

export async function startNginx(upstreamPort: number, port: number): Promise<Nginx> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'corkboard-nginx-'))
  const cert = path.join(dir, 'cert.pem')
  const key = path.join(dir, 'key.pem')
  const made = spawnSync('openssl', [
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'],
    ...['-keyout', key, '-out', cert, '-subj', '/CN=localhost'],
    ...['-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'],
  ])
  if (made.status !== 0) throw new Error(`openssl failed: ${made.stderr}`)

  let site = readFileSync(SITE_CONFIG, 'utf8')
  site = replaceOnce(site, 'server 127.0.0.1:3000;', `server 127.0.0.1:${upstreamPort};`)
  site = replaceOnce(site, 'listen 443 ', `listen 127.0.0.1:${port} `)
  site = replaceOnce(site, '/etc/ssl/corkboard/fullchain.pem', cert)
  site = replaceOnce(site, '/etc/ssl/corkboard/privkey.pem', key)
  writeFileSync(path.join(dir, 'corkboard.conf'), site)
  // The main configuration a distribution would ship, reduced to what a proxy needs, everything under `dir`.
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((t) => `  ${t}_temp_path ${path.join(dir, t)};`)
    .join('\n')
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `user ${os.userInfo().username};
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 256; }
http {
  access_log off;
${temp}
  include ${path.join(dir, 'corkboard.conf')};
}
`,
  )
  const nginxArgs = ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')]
  const checked = spawnSync(NGINX, [...nginxArgs, '-t'], { encoding: 'utf8' })
  if (checked.status !== 0) throw new Error(`nginx -t failed:\n${checked.stderr}`)
  const proc: ChildProcess = spawn(NGINX, [...nginxArgs, '-g', 'daemon off;'], { stdio: 'ignore' })
  const errorLog = () => {
    try {
      return readFileSync(path.join(dir, 'error.log'), 'utf8')
    } catch {
      return ''
    }
  }
  await waitForListening(port, proc, errorLog)
  return {
    port,
    ca: readFileSync(cert),
    errorLog,
    async stop() {
      if (proc.exitCode === null) {
        const exited = new Promise((resolve) => proc.once('exit', resolve))
        proc.kill('SIGQUIT')
        await exited
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

async function waitForListening(port: number, proc: ChildProcess, errorLog: () => string): Promise<void> {
  const { connect } = await import('node:net')
  for (let i = 0; i < 100; i++) {
    if (proc.exitCode !== null) throw new Error(`nginx exited with ${proc.exitCode}:\n${errorLog()}`)
    const up = await new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1', () => (s.destroy(), resolve(true)))
      s.once('error', () => resolve(false))
    })
    if (up) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`nginx did not listen on ${port}:\n${errorLog()}`)
}
