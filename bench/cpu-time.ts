// CPU time a process has used so far (user + system), read from /proc/<pid>/stat (Linux): the server's cost of a
// piece of load is the difference between two readings divided by the requests it answered.
import { readFileSync } from 'node:fs'

// Clock ticks per second of /proc's utime and stime: USER_HZ, 100 on every Linux architecture Node runs on.
const TICKS_PER_SECOND = 100

/** The process's user + system CPU time in milliseconds. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // Fields 14 and 15 (utime, stime) are the 12th and 13th after the name.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND
}
