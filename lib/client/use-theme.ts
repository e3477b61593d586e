'use client'
// The theme picked in this browser (lib/ui/theme.ts), as React state that follows changes from every tab.
import { useCallback, useSyncExternalStore } from 'react'
import { applyTheme, parseTheme, THEME_STORAGE_KEY, type Theme } from '@/lib/ui/theme'

const CHANGED = 'corkboard:theme-changed'

function read(): Theme {
  try {
    return parseTheme(localStorage.getItem(THEME_STORAGE_KEY))
  } catch {
    return 'system'
  }
}

function subscribe(onChange: () => void): () => void {
  // Other tabs announce a change through the storage event, this tab through its own event.
  const onStorage = (e: StorageEvent) => {
    if (e.key === THEME_STORAGE_KEY) onChange()
  }
  addEventListener('storage', onStorage)
  addEventListener(CHANGED, onChange)
  return () => {
    removeEventListener('storage', onStorage)
    removeEventListener(CHANGED, onChange)
  }
}

export function useTheme(): [Theme, (theme: Theme) => void] {
  // The server renders "system": the page's HTML is the same for every visitor.
  const theme = useSyncExternalStore(subscribe, read, () => 'system' as const)
  const setTheme = useCallback((next: Theme) => {
    try {
      if (next === 'system') localStorage.removeItem(THEME_STORAGE_KEY)
      else localStorage.setItem(THEME_STORAGE_KEY, next)
    } catch {
      // Storage blocked: the choice holds for this page only.
    }
    applyTheme(document.documentElement, next)
    dispatchEvent(new Event(CHANGED))
  }, [])
  return [theme, setTheme]
}
