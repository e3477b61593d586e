// The JSON log lines a test server wrote on stdout (lib/log.ts), parsed; other output is skipped.
import type { TestServer } from './server'

export interface LogLine {
  level: number
  time: string
  msg: string
  [field: string]: unknown
}

export function logLines(server: TestServer): LogLine[] {
  return server
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogLine)
}

/** The request lines (one per answered request), optionally only those of one path. */
export const requestLines = (server: TestServer, path?: string) =>
  logLines(server).filter((l) => l.msg === 'request' && (path === undefined || l.path === path))
