// Runs a media tool (ffprobe, ffmpeg) on untrusted input inside limits: heap memory and CPU time set by the shell
// (ulimit) before the tool is exec'd, a wall-clock timer that SIGKILLs it, and a cap on what it may print.
import { spawn, type ChildProcess } from 'node:child_process'
import { PROBE_CPU_SECONDS, PROBE_MEMORY_KIB, PROBE_TIMEOUT_MS } from '../limits'
import { log } from '../log'

export interface ChildResult {
  code: number | null
  stdout: Buffer
}

const MAX_OUTPUT_BYTES = 32 * 1024 * 1024

export function runLimited(command: string, args: string[]): Promise<ChildResult> {
  const limits = `ulimit -d ${PROBE_MEMORY_KIB} && ulimit -t ${PROBE_CPU_SECONDS} && exec "$@"`
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', limits, 'sh', command, ...args], { stdio: ['ignore', 'pipe', 'ignore'] })
    const out: Buffer[] = []
    let size = 0
    const timer = setTimeout(() => child.kill('SIGKILL'), PROBE_TIMEOUT_MS)
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_OUTPUT_BYTES) child.kill('SIGKILL')
      else out.push(chunk)
    })
    child.on('error', () => {
      clearTimeout(timer)
      resolve({ code: null, stdout: Buffer.alloc(0) })
    })
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code: size > MAX_OUTPUT_BYTES ? null : code, stdout: Buffer.concat(out) })
    })
  })
}

let available: Promise<boolean> | undefined

/** Whether ffprobe and ffmpeg both run here (checked once; a missing tool is logged once). */
export function mediaToolsAvailable(): Promise<boolean> {
  // Literal command names: a variable one makes Next's file tracing include the whole project in the build.
  return (available ??= Promise.all([
    exitsCleanly(spawn('ffprobe', ['-version'], { stdio: 'ignore' })),
    exitsCleanly(spawn('ffmpeg', ['-version'], { stdio: 'ignore' })),
  ]).then(([ffprobe, ffmpeg]) => {
    if (!ffprobe || !ffmpeg) log.warn('media: ffprobe/ffmpeg not found; video and audio uploads are refused')
    return ffprobe && ffmpeg
  }))
}

function exitsCleanly(probe: ChildProcess): Promise<boolean> {
  return new Promise((resolve) => {
    probe.on('error', () => resolve(false))
    probe.on('exit', (code) => resolve(code === 0))
  })
}
