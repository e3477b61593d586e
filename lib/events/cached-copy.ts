// A copy of a small table that requests read all the time, kept in memory per process instead of queried per
// request. The event named `changedBy` (from any process, through the event relay) or a lost relay (events_missed)
// drops the copy and the next reader loads it again; a copy older than `maxAgeMs` is reloaded too, which catches
// rows changed outside the app. A change that arrives during a load makes that copy stale: the readers waiting for
// it use it, nothing keeps it.
import { subscribe } from './bus'
import type { InternalEvent } from './internal'
import { processSingleton } from '../process-singleton'

export interface CachedCopyOptions<T> {
  changedBy: InternalEvent['name']
  maxAgeMs: number
  load: () => Promise<T>
  /** Drops what was derived from the copy as well. */
  onDrop?: () => void
}

export interface CachedCopy<T> {
  /** The copy, loaded when there is none (or it has grown too old); concurrent readers share one load. */
  get(): Promise<T>
  /** Drops the copy when it is older than the maximum age. */
  dropIfOld(): void
  /** Counts the drops: a result derived from the copy is kept only while this has not changed. */
  readonly generation: number
}

class Copy<T> implements CachedCopy<T> {
  private loaded: { at: number; value: T } | null = null
  private loading: Promise<T> | null = null
  private drops = 0

  constructor(private readonly options: CachedCopyOptions<T>) {}

  get generation(): number {
    return this.drops
  }

  drop(): void {
    this.loaded = null
    this.loading = null
    this.drops++
    this.options.onDrop?.()
  }

  dropIfOld(): void {
    if (this.loaded && Date.now() - this.loaded.at >= this.options.maxAgeMs) this.drop()
  }

  async get(): Promise<T> {
    this.dropIfOld()
    if (this.loaded) return this.loaded.value
    if (!this.loading) {
      const generation = this.drops
      this.loading = this.options
        .load()
        .then((value) => {
          if (generation === this.drops) this.loaded = { at: Date.now(), value }
          return value
        })
        .finally(() => {
          if (generation === this.drops) this.loading = null
        })
    }
    return this.loading
  }
}

/** The process's one copy under `key` (see processSingleton), subscribed to its events on first use. */
export function cachedCopy<T>(key: string, options: CachedCopyOptions<T>): () => CachedCopy<T> {
  return () =>
    processSingleton(key, () => {
      const copy = new Copy(options)
      subscribe('state', (event) => {
        if (event.name === options.changedBy || event.name === 'events_missed') copy.drop()
      })
      return copy
    })
}
