// Checkpoints of SQLite's write-ahead log, on a thread of their own.
//
// In WAL mode a commit appends its pages to the log; a checkpoint copies them into the database file and syncs both
// files. By default SQLite runs one at the end of the commit that takes the log past 1,000 pages, on the connection
// that committed: here the only connection, on the event loop. With a reply writing ≈ 40 pages (the post, its indexes
// and search entry, the thread, the statistics row) that was one reply in 25 whose commit took ≈ 10 ms, during
// which no request was served.
//
// A worker thread with a connection of its own takes that work. It looks at the log's length every few
// milliseconds while commits arrive (CHECKPOINT_PAUSE_MS) and, once CHECKPOINT_PAGES more have been written
// (SQLite's own threshold), runs a PASSIVE checkpoint, which copies what has been committed and syncs without
// waiting for the writer or making it wait. The log starts again from its beginning when a write begins with every page copied (that write syncs the
// log's new header, so a log copied after every reply would cost a sync per reply: hence the threshold). Under a
// steady stream of replies that moment may not come, so once the log is RESTART_PAGES long the worker asks for a
// RESTART: it holds off new writes while it copies the few pages left, and the next write starts the log afresh.
// The loop's own checkpoint stays as a far bound (LOOP_CHECKPOINT_PAGES) and comes back to SQLite's default if the
// worker stops. Durability is SQLite's: a commit is in the log before it is acknowledged, whoever copies it on.
import { inspect } from 'node:util'
import { Worker } from 'node:worker_threads'
import { log } from '../log'
import type { PreparingClient } from './sqlite-statements'

/** The worker's pause between looks while commits arrive, and while none have since its last look. */
export const CHECKPOINT_PAUSE_MS = { active: 5, idle: 100 }

/** Pages (of 4 KiB) written to the log since the last checkpoint that make the worker copy them. */
export const CHECKPOINT_PAGES = 1_000
/** The log's length from which the worker makes the next write start it afresh. */
export const RESTART_PAGES = 4_000

/** The worker's wait for a write in progress (or a reader of another process) before it tries again later. */
const RESTART_WAIT_MS = 50

/** While the worker runs, a commit on the loop checkpoints by itself only past this (≈ 160 MB); SQLite's default after. */
export const LOOP_CHECKPOINT_PAGES = { withWorker: 40_000, without: 1_000 }

// CommonJS run by the worker (`eval`): better-sqlite3 resolves from the working directory, as for the server.
// The log's length is read from the wal-index header at the start of the -shm file (sqlite.org/walformat.html): two
// copies of 48 bytes in native byte order, `mxFrame` at byte 16 of each; copies that differ (a write under way) or
// a file that cannot be read count as long, so the checkpoint runs and SQLite itself says what is there.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const { openSync, readSync } = require('node:fs')
const { endianness } = require('node:os')
const Database = require('better-sqlite3')
const { file, pause, checkpointPages, restartPages, restartWaitMs } = workerData
let db
try {
  db = new Database(file, { fileMustExist: true, timeout: restartWaitMs })
} catch (err) {
  // Reported by the thread itself: an error thrown out of it reaches the parent without its message.
  parentPort.postMessage({ failed: String(err && err.message), fatal: true })
  process.exit(1) // ends this thread only
}
const header = Buffer.alloc(96)
const littleEndian = endianness() === 'LE'
const read32 = (at) => (littleEndian ? header.readUInt32LE(at) : header.readUInt32BE(at))
let index
const logPages = () => {
  try {
    index ??= openSync(file + '-shm', 'r')
    if (readSync(index, header, 0, 96, 0) < 96) return Infinity
    return read32(16) === read32(64) ? read32(16) : Infinity
  } catch {
    return Infinity
  }
}
let failing = false
let lastPages = -1
let changedAt = 0
let copied = 0 // the log's length at the last checkpoint
let timer
const look = () => {
  const pages = logPages()
  if (pages < copied) copied = 0 // the log started afresh
  try {
    if (pages - copied >= checkpointPages) {
      const [{ log }] = db.pragma('wal_checkpoint(PASSIVE)')
      copied = log
      if (log >= restartPages) db.pragma('wal_checkpoint(RESTART)')
    }
    failing = false
  } catch (err) {
    // One report per run of failures (a full disk fails every look until space is freed).
    if (!failing) parentPort.postMessage({ failed: String(err && err.message) })
    failing = true
  }
  const now = Date.now()
  if (pages !== lastPages) changedAt = now
  lastPages = pages
  timer = setTimeout(look, now - changedAt < pause.idle ? pause.active : pause.idle)
}
timer = setTimeout(look, pause.idle)
parentPort.on('message', () => {
  clearTimeout(timer)
  db.close()
  parentPort.close()
})
`

export interface Checkpointer {
  /** Stops the worker and closes its connection; resolves once it has exited. */
  stop(): Promise<void>
}

/**
 * Moves the checkpoints of the connection's database file to a worker thread (nothing for a database in memory).
 * Call with the connection's own `prepare`, before anything wraps it. The worker never keeps the process alive.
 */
export function checkpointOffTheLoop(client: PreparingClient): Checkpointer | undefined {
  const file = client.name
  if (!file || file === ':memory:') return undefined
  const prepare = client.prepare.bind(client)
  const loopCheckpointsAt = (pages: number) => prepare(`PRAGMA wal_autocheckpoint = ${pages}`).all()
  loopCheckpointsAt(LOOP_CHECKPOINT_PAGES.withWorker)
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      file,
      pause: CHECKPOINT_PAUSE_MS,
      checkpointPages: CHECKPOINT_PAGES,
      restartPages: RESTART_PAGES,
      restartWaitMs: RESTART_WAIT_MS,
    },
  })
  worker.unref()
  let stopping = false
  const stopped = (why: string) =>
    log.warn(`SQLite checkpoint thread stopped (commits checkpoint by themselves again): ${why}`)
  worker.on('message', (m: { failed?: string; fatal?: boolean }) => {
    if (m.fatal) stopped(m.failed!)
    else if (m.failed) log.warn(`SQLite checkpoint failed (tried again while commits arrive): ${m.failed}`)
  })
  worker.on('error', (err) => stopped(inspect(err)))
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      // The connection may be closed already (the process stopping); then there is nothing to hand back.
      try {
        if (!stopping) loopCheckpointsAt(LOOP_CHECKPOINT_PAGES.without)
      } catch {}
      resolve()
    }),
  )
  return {
    stop() {
      stopping = true
      // Held while it closes: a process waiting for nothing else (a CLI closing its database) would exit meanwhile.
      worker.ref()
      worker.postMessage('stop')
      return exited
    },
  }
}
