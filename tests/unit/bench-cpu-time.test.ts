// The bench's CPU readings from /proc: a process's time split by thread group (main thread, libvips' workers, the
// rest), with the time of threads that ended between two readings still counted, and the writes section's table of
// an image reply's CPU beside a bare thumbnail's.
import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { readThreads, threadCpuSince } from '@/bench/cpu-time'
import type { BenchResults } from '@/bench/report'
import { writesSection } from '@/bench/sections/writes'

/** Keeps the calling thread busy for `ms` of wall time. */
function spin(ms: number): void {
  const until = performance.now() + ms
  while (performance.now() < until) Math.sqrt(Math.random())
}

/** A worker thread that spins for `ms` and ends: its time is in the process's total, not in any thread still there. */
function spinInWorker(ms: number): Promise<void> {
  const worker = new Worker(
    `const u = performance.now() + ${ms}; while (performance.now() < u) Math.sqrt(Math.random())`,
    {
      eval: true,
    },
  )
  return new Promise((resolve, reject) => {
    worker.once('error', reject)
    worker.once('exit', () => resolve())
  })
}

describe('threadCpuSince', () => {
  it("counts the main thread's work as the main thread's", () => {
    const before = readThreads(process.pid)
    spin(300)
    const spent = threadCpuSince(process.pid, before)
    // /proc counts in ticks of 10 ms; a loaded machine may take some of the 300 ms away.
    expect(spent.main).toBeGreaterThanOrEqual(100)
    expect(spent.main).toBeGreaterThan(spent.other)
  })

  it('keeps the time of a thread that ended between the readings (libvips starts and ends its workers)', async () => {
    const before = readThreads(process.pid)
    await spinInWorker(300)
    const spent = threadCpuSince(process.pid, before)
    // The worker was not there at either reading: its time is the part no thread seen twice accounts for.
    expect(spent.libvips).toBeGreaterThanOrEqual(100)
    expect(spent.libvips).toBeGreaterThan(spent.main)
  })
})

describe('the writes section', () => {
  const base = { database: 'sqlite', http: [] } as unknown as BenchResults
  const thread = { main: 2.25, libvips: 3.82, other: 2.62, kernel: 0.89 }

  it('shows where an image reply and a bare thumbnail spend their CPU, when the run measured it', () => {
    const tables = writesSection.tables!({
      ...base,
      imageReplyCpu: {
        server: thread,
        sharp: { main: 0.27, libvips: 4.02, other: 1.85, kernel: 0.48 },
        loadGenerator: 0.29,
      },
    })
    const cpu = tables.find((t) => t.title.startsWith('Image replies: CPU by thread'))
    expect(cpu?.title).toContain('0.29 ms a reply')
    expect(cpu?.markdown).toContain('| Corkboard, a reply | 2.25 ms | 3.82 ms | 2.62 ms | 8.69 ms | 0.89 ms |')
    expect(cpu?.markdown).toContain("| sharp's loop, a thumbnail | 0.27 ms | 4.02 ms | 1.85 ms | 6.14 ms | 0.48 ms |")
  })

  it('leaves the table out of runs that did not measure it', () => {
    expect(writesSection.tables!(base).some((t) => t.title.startsWith('Image replies'))).toBe(false)
  })
})
