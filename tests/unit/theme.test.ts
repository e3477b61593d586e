// The theme script that runs in <head> before the first paint: it applies the stored theme, ignores anything else,
// survives blocked storage and follows changes from other tabs. It carries the nonce of the page's policy.
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { nonceOf } from '@/lib/http/content-security-policy'
import { applyTheme, parseTheme, THEME_INIT_SCRIPT, THEME_STORAGE_KEY } from '@/lib/ui/theme'

/** Runs the script against a minimal document and storage; returns the root's dataset and the storage listener. */
function run(stored: string | null | Error) {
  const dataset: Record<string, string> = {}
  let onStorage: ((e: { key: string; newValue: string | null }) => void) | undefined
  runInNewContext(THEME_INIT_SCRIPT, {
    document: { documentElement: { dataset } },
    localStorage: {
      getItem: (key: string) => {
        if (stored instanceof Error) throw stored
        return key === THEME_STORAGE_KEY ? stored : null
      },
    },
    addEventListener: (type: string, fn: typeof onStorage) => {
      if (type === 'storage') onStorage = fn
    },
  })
  return { dataset, onStorage: onStorage! }
}

describe('the theme script', () => {
  it('sets data-theme for a stored light or dark theme, and none otherwise', () => {
    expect(run('dark').dataset).toEqual({ theme: 'dark' })
    expect(run('light').dataset).toEqual({ theme: 'light' })
    expect(run(null).dataset).toEqual({})
    expect(run('purple').dataset).toEqual({})
  })

  it('leaves the system theme when storage is blocked, and still listens', () => {
    const { dataset, onStorage } = run(new Error('SecurityError'))
    expect(dataset).toEqual({})
    onStorage({ key: THEME_STORAGE_KEY, newValue: 'dark' })
    expect(dataset).toEqual({ theme: 'dark' })
  })

  it('follows a change made in another tab, and only of its own key', () => {
    const { dataset, onStorage } = run('dark')
    onStorage({ key: 'corkboard:ownPosts', newValue: 'light' })
    expect(dataset).toEqual({ theme: 'dark' })
    onStorage({ key: THEME_STORAGE_KEY, newValue: null })
    expect(dataset).toEqual({})
  })

  it('agrees with applyTheme and parseTheme', () => {
    for (const value of ['light', 'dark', null, 'x']) {
      const root = { dataset: {} as Record<string, string> } as unknown as HTMLElement
      applyTheme(root, parseTheme(value))
      expect(root.dataset).toEqual(run(value).dataset)
    }
  })
})

describe('nonceOf', () => {
  it('reads the nonce of a page policy, and nothing from a policy without one', () => {
    expect(nonceOf("default-src 'self'; script-src 'self' 'nonce-ab+c/d=='; object-src 'none'")).toBe('ab+c/d==')
    expect(nonceOf("script-src 'self' 'sha256-xyz='")).toBeUndefined()
    expect(nonceOf(null)).toBeUndefined()
  })
})
