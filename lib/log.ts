// The process's one logger: JSON lines on stdout (one object per line, for a log shipper), or readable lines in
// development on a terminal (or with LOG_PRETTY=1). Level from LOG_LEVEL. Errors go under `err` so their stack
// is kept. Shared by server.ts and Next's bundles (process-singleton.ts).
import pino, { type Logger } from 'pino'
import pretty from 'pino-pretty'
import { parseLogSettings } from './config'
import { processSingleton } from './process-singleton'

function createLogger(): Logger {
  const settings = parseLogSettings(process.env, Boolean(process.stdout.isTTY))
  const options = { level: settings.level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime }
  // Readable lines for a person are written synchronously, so the last ones before process.exit() show.
  if (settings.pretty) return pino(options, pretty({ colorize: Boolean(process.stdout.isTTY), sync: true }))
  // JSON lines are written asynchronously: a synchronous write per request stalled the event loop whenever the
  // reader of stdout fell behind (sonic-boom sleeps 100 ms on a full pipe), which set the hot pages' p99. Lines
  // written meanwhile go out together in one write; pino flushes what is left synchronously on process exit.
  return pino(options, pino.destination({ dest: 1, sync: false }))
}

export const logger = (): Logger => processSingleton('logger', createLogger)

/** Logs a message with an optional error (its stack included) at the given level. */
function at(level: 'info' | 'warn' | 'error') {
  return (message: string, err?: unknown, fields: Record<string, unknown> = {}): void => {
    if (err === undefined) logger()[level](fields, message)
    else logger()[level]({ ...fields, err: err instanceof Error ? err : { message: String(err) } }, message)
  }
}

/** `log.info('Corkboard listening …')`, `log.error('media: could not delete x', err)`. */
export const log = { info: at('info'), warn: at('warn'), error: at('error') }
