// CPU time a process has used so far (user + system), read from /proc/<pid>/stat (Linux): the server's cost of a
// piece of load is the difference between two readings divided by the requests it answered.
import { readdirSync, readFileSync } from 'node:fs'

// Clock ticks per second of /proc's utime and stime: USER_HZ, 100 on every Linux architecture Node runs on.
const TICKS_PER_SECOND = 100

/** The process's user + system CPU time in milliseconds. */
export function cpuMs(pid: number): number {
  const { user, system } = splitOf(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  return user + system
}

/** utime and stime of a /proc stat line (a process's or a thread's), in milliseconds. */
function splitOf(stat: string): { user: number; system: number } {
  // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // Fields 14 and 15 (utime, stime) are the 12th and 13th after the name.
  return {
    user: (Number(fields[11]) * 1000) / TICKS_PER_SECOND,
    system: (Number(fields[12]) * 1000) / TICKS_PER_SECOND,
  }
}

/** Where a process's CPU went, in milliseconds: its main thread, libvips's workers, and its other threads. */
export interface ThreadCpu {
  main: number
  libvips: number
  /** libuv's pool (sharp's pipelines and file writes) and V8's helpers (the collector). */
  other: number
}

/** A ThreadCpu with the part of it the kernel spent on the process's behalf (system time). */
export type ProcessCpu = ThreadCpu & { kernel: number }

export interface ThreadReading {
  /** The whole process's, threads that have ended included. */
  process: { user: number; system: number }
  threads: Map<string, { group: keyof ThreadCpu; ms: number }>
}

/** A reading of every thread's CPU time, to be given to threadCpuSince. */
export function readThreads(pid: number): ThreadReading {
  const threads = new Map<string, { group: keyof ThreadCpu; ms: number }>()
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim()
      const { user, system } = splitOf(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8'))
      const group = tid === String(pid) ? 'main' : name.startsWith('libvips') ? 'libvips' : 'other'
      threads.set(tid, { group, ms: user + system })
    } catch {
      // The thread ended between the listing and the read: its time is in the process's total.
    }
  }
  return { process: splitOf(readFileSync(`/proc/${pid}/stat`, 'utf8')), threads }
}

/**
 * CPU per thread group since `before`, and the kernel's share of it. libvips starts and ends workers as it goes: the
 * time of threads that were not there at both readings is the process's total less the threads seen twice, and is
 * counted as libvips's. So the groups add up to the process's whole CPU.
 */
export function threadCpuSince(pid: number, before: ThreadReading): ProcessCpu {
  const now = readThreads(pid)
  const kernel = now.process.system - before.process.system
  const spent: ProcessCpu = { main: 0, libvips: 0, other: 0, kernel }
  let seenTwice = 0
  for (const [tid, { group, ms }] of now.threads) {
    const then = before.threads.get(tid)
    if (!then) continue
    spent[group] += ms - then.ms
    seenTwice += ms - then.ms
  }
  spent.libvips += now.process.user - before.process.user + kernel - seenTwice
  return spent
}

/** The CPU divided by the requests (or operations) it was spent on. */
export function perItem(spent: ProcessCpu, count: number): ProcessCpu {
  const { main, libvips, other, kernel } = spent
  return { main: main / count, libvips: libvips / count, other: other / count, kernel: kernel / count }
}

/** All of it, every thread group's time added up. */
export const totalOf = (spent: ThreadCpu): number => spent.main + spent.libvips + spent.other

/** "main 2.25, libvips 3.82, other threads 2.62": a ThreadCpu per request, for a log line. */
export function describeThreads(spent: ThreadCpu): string {
  return `main ${spent.main.toFixed(2)}, libvips ${spent.libvips.toFixed(2)}, other threads ${spent.other.toFixed(2)}`
}
