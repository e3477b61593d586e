'use client'
// Visitor-local state in browser storage: hidden posts, threads and users, and the ids of the
// visitor's own posts (newest 1000) and threads (newest 100) with a lastUpdated time. These lists only decide
// what the page shows; ownership is proven to the server by the poster-key cookie.
import { storageStore } from './storage-store'

const KEYS = {
  hiddenPosts: 'corkboard:hiddenPosts',
  hiddenThreads: 'corkboard:hiddenThreads',
  hiddenUsers: 'corkboard:hiddenUsers',
  ownPosts: 'corkboard:ownPosts',
  ownThreads: 'corkboard:ownThreads',
} as const
const OWN_LIMITS = { ownPosts: 1000, ownThreads: 100 } as const

export type HiddenList = 'hiddenPosts' | 'hiddenThreads' | 'hiddenUsers'
export type OwnList = 'ownPosts' | 'ownThreads'

export interface LocalState {
  hiddenPosts: ReadonlySet<number>
  hiddenThreads: ReadonlySet<number>
  hiddenUsers: ReadonlySet<string>
  ownPosts: ReadonlySet<number>
  ownThreads: ReadonlySet<number>
}

const EMPTY: LocalState = {
  hiddenPosts: new Set(),
  hiddenThreads: new Set(),
  hiddenUsers: new Set(),
  ownPosts: new Set(),
  ownThreads: new Set(),
}

function read<T>(key: string): T[] {
  try {
    const raw = JSON.parse(localStorage.getItem(key) ?? 'null')
    if (Array.isArray(raw)) return raw
    if (raw && Array.isArray(raw.ids)) return raw.ids
  } catch {
    // Unparsable storage is treated as empty.
  }
  return []
}

const store = storageStore<LocalState>({
  serverValue: EMPTY,
  read: () => ({
    hiddenPosts: new Set(read<number>(KEYS.hiddenPosts)),
    hiddenThreads: new Set(read<number>(KEYS.hiddenThreads)),
    hiddenUsers: new Set(read<string>(KEYS.hiddenUsers)),
    ownPosts: new Set(read<number>(KEYS.ownPosts)),
    ownThreads: new Set(read<number>(KEYS.ownThreads)),
  }),
  concerns: (key) => Boolean(key) && Object.values(KEYS).includes(key as never),
})
function save(list: keyof LocalState, values: (number | string)[]) {
  const own = list === 'ownPosts' || list === 'ownThreads'
  localStorage.setItem(
    KEYS[list],
    JSON.stringify(own ? { ids: values, lastUpdated: new Date().toISOString() } : values),
  )
  store.set({ ...store.get(), [list]: new Set(values) })
}

export function toggleHidden(list: HiddenList, id: number | string): void {
  const current = [...(store.get()[list] as ReadonlySet<number | string>)]
  save(list, current.includes(id) ? current.filter((x) => x !== id) : [...current, id])
}

export function rememberOwn(list: OwnList, id: number): void {
  const current = [...store.get()[list]].filter((x) => x !== id)
  save(list, [...current, id].slice(-OWN_LIMITS[list]))
}

export function forgetOwn(list: OwnList, id: number): void {
  save(
    list,
    [...store.get()[list]].filter((x) => x !== id),
  )
}

export function useLocalState(): LocalState {
  return store.use()
}
