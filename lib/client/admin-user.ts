'use client'
import { useSyncExternalStore } from 'react'
// The admin user summary kept in browser storage under `adminUser`. It only decides what the
// admin screens show; the server checks the session cookie on every request.
export interface StoredAdminUser {
  id: number
  username: string
  role: 'janitor' | 'moderator' | 'admin'
}

const KEY = 'adminUser'

export function readAdminUser(): StoredAdminUser | null {
  const raw = localStorage.getItem(KEY)
  if (!raw) return null
  try {
    const u = JSON.parse(raw)
    if (
      typeof u?.id === 'number' &&
      typeof u?.username === 'string' &&
      ['janitor', 'moderator', 'admin'].includes(u?.role)
    )
      return u
  } catch {
    // fall through: unparsable data is removed
  }
  localStorage.removeItem(KEY)
  return null
}

export function storeAdminUser(u: StoredAdminUser): void {
  localStorage.setItem(KEY, JSON.stringify({ id: u.id, username: u.username, role: u.role }))
}

export function clearAdminUser(): void {
  localStorage.removeItem(KEY)
}

let cached: { raw: string | null; user: StoredAdminUser | null } = { raw: null, user: null }

/** The stored admin user for rendering staff controls (null for visitors and during server rendering). */
export function useAdminUser(): StoredAdminUser | null {
  return useSyncExternalStore(
    (notify) => {
      window.addEventListener('storage', notify)
      return () => window.removeEventListener('storage', notify)
    },
    () => {
      const raw = localStorage.getItem(KEY)
      if (raw !== cached.raw) cached = { raw, user: raw ? readAdminUser() : null }
      return cached.user
    },
    () => null,
  )
}
