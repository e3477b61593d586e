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
  // Written synchronously, so the last lines before process.exit() are not lost.
  if (settings.pretty) return pino(options, pretty({ colorize: Boolean(process.stdout.isTTY), sync: true }))
  return pino(options, pino.destination({ dest: 1, sync: true }))
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
