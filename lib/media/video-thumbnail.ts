// The first frame of a video as PNG, through ffmpeg when it is installed; null otherwise (the UI then shows a
// placeholder). The video goes in on stdin, the frame comes out on stdout: no temporary files.
import { spawn } from 'node:child_process'

let available: Promise<boolean> | undefined

export function ffmpegAvailable(): Promise<boolean> {
  return (available ??= new Promise((resolve) => {
    const probe = spawn('ffmpeg', ['-version'], { stdio: 'ignore' })
    probe.on('error', () => resolve(false))
    probe.on('exit', (code) => resolve(code === 0))
  }))
}

export async function videoFrame(video: Buffer, ext: string): Promise<Buffer | null> {
  if (!(await ffmpegAvailable())) return null
  return new Promise((resolve) => {
    const ff = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', ext === 'webm' ? 'webm' : 'mp4', '-i', 'pipe:0',
      '-frames:v', '1', '-f', 'image2pipe', '-vcodec', 'png', 'pipe:1'], { stdio: ['pipe', 'pipe', 'ignore'] })
    const out: Buffer[] = []
    const timer = setTimeout(() => ff.kill('SIGKILL'), 15_000)
    ff.stdout.on('data', (c: Buffer) => out.push(c))
    ff.on('error', () => { clearTimeout(timer); resolve(null) })
    ff.on('close', (code) => { clearTimeout(timer); resolve(code === 0 && out.length ? Buffer.concat(out) : null) })
    ff.stdin.on('error', () => {}) // ffmpeg may stop reading once it has its frame
    ff.stdin.end(video)
  })
}
