// sharp's bare thumbnail rate, the baseline of image replies: decode → strip metadata → 150 px WebP thumbnail, done by
// sharp directly in a loop with as many operations in flight as the HTTP load has connections, in its own process
// (like the server) for a fixed time, with the app's own thumbnail function and sharp's cache off, as in the app.
import { fork } from 'node:child_process'
import sharp from 'sharp'
import { perItem, readThreads, threadCpuSince, type ProcessCpu } from './cpu-time'
import { thumbnailOf } from '../lib/media/process'

export interface SharpRate {
  rate: number
  count: number
  seconds: number
  /** The loop process's CPU (user + system, all its threads) per thumbnail. */
  cpuMsPerThumbnail: number
  /** The same CPU by thread group, and the kernel's share, per thumbnail. */
  threadMsPerThumbnail: ProcessCpu
}

/** Runs the loop in a child process; resolves with thumbnails per second. */
export function measureSharpRate(
  image: Buffer,
  concurrency: number,
  seconds: number,
  warmUpSeconds: number,
): Promise<SharpRate> {
  const child = fork(import.meta.filename, ['--loop'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('message', (result: SharpRate) => {
      child.kill()
      resolve(result)
    })
    child.send({ image: image.toString('base64'), concurrency, seconds, warmUpSeconds })
  })
}

async function loop(image: Buffer, concurrency: number, seconds: number): Promise<SharpRate> {
  const cpuBefore = process.cpuUsage()
  const threadsBefore = readThreads(process.pid)
  const started = performance.now()
  const until = started + seconds * 1000
  let count = 0
  const lane = async () => {
    while (performance.now() < until) {
      await thumbnailOf(image)
      count++
    }
  }
  await Promise.all(Array.from({ length: concurrency }, lane))
  const elapsed = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  return {
    rate: count / elapsed,
    count,
    seconds: elapsed,
    cpuMsPerThumbnail: (cpu.user + cpu.system) / 1000 / count,
    threadMsPerThumbnail: perItem(threadCpuSince(process.pid, threadsBefore), count),
  }
}

if (process.argv.includes('--loop')) {
  sharp.cache(false)
  process.once(
    'message',
    async (msg: { image: string; concurrency: number; seconds: number; warmUpSeconds: number }) => {
      const image = Buffer.from(msg.image, 'base64')
      await loop(image, msg.concurrency, msg.warmUpSeconds)
      process.send!(await loop(image, msg.concurrency, msg.seconds))
    },
  )
}
