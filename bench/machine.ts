// The machine a run was made on, for the results file and PERFORMANCE.md.
import { readFileSync } from 'node:fs'
import os from 'node:os'

export interface MachineInfo {
  cpu: string
  cores: number
  ramGb: number
  node: string
  os: string
  loadAverage: number[]
}

export function machineInfo(): MachineInfo {
  let osName = `${os.type()} ${os.release()}`
  try {
    osName = /PRETTY_NAME="([^"]+)"/.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] ?? osName
  } catch {
    /* not Linux: keep the kernel name */
  }
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism(),
    ramGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: osName,
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
  }
}
