// Values the whole process must share: the database client, caches, timers, the event bus and the like.
//
// Why not a module-level variable: Next bundles server code separately for route handlers, pages and server
// actions, and server.ts loads its own copy besides, so one source module can be evaluated several times in one
// process and each copy would hold its own variable (a second database pool, a cache nobody invalidates). A value
// kept on globalThis under a registered symbol (Symbol.for, the same in every copy) is found by all of them.

type Store = Record<symbol, unknown>
// Looked up for every fragment of a page (lib/render/fragment-cache.ts): Symbol.for on a freshly built string costs
// a hash of it and a registry lookup each time, so each copy of this module remembers the symbols it has made.
const symbols = new Map<string, symbol>()
function symbolFor(key: string): symbol {
  let symbol = symbols.get(key)
  if (!symbol) symbols.set(key, (symbol = Symbol.for(`corkboard.${key}`)))
  return symbol
}

/** The process's one value under `key`, made by `create` the first time any copy of the module asks. */
export function processSingleton<T>(key: string, create: () => T): T {
  return ((globalThis as Store)[symbolFor(key)] ??= create()) as T
}

/** A process-wide place for a value that may be dropped and made again (a connection that failed or was closed). */
export interface ProcessSlot<T> {
  get(): T | undefined
  set(value: T): void
  clear(): void
}

export function processSlot<T>(key: string): ProcessSlot<T> {
  const store = globalThis as Store
  const symbol = symbolFor(key)
  return {
    get: () => store[symbol] as T | undefined,
    set: (value) => {
      store[symbol] = value
    },
    clear: () => {
      delete store[symbol]
    },
  }
}
