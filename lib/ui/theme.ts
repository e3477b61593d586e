// The colour theme: light, dark, or the system's setting ("system", the default). The choice lives in this
// browser's localStorage, never in a cookie: public pages come from a shared page cache, so their HTML is the same
// for every visitor, and the theme is applied in the browser as the attribute data-theme on <html> (none for
// "system", where CSS follows prefers-color-scheme; app/globals.css).

export const THEMES = ['system', 'light', 'dark'] as const
export type Theme = (typeof THEMES)[number]

export const THEME_STORAGE_KEY = 'corkboard:theme'

/** A stored value as a theme; anything else (nothing stored, an old or edited value) is "system". */
export function parseTheme(value: string | null | undefined): Theme {
  return value === 'light' || value === 'dark' ? value : 'system'
}

/** Puts a theme on a document's root element. */
export function applyTheme(root: HTMLElement, theme: Theme): void {
  if (theme === 'system') delete root.dataset.theme
  else root.dataset.theme = theme
}

/**
 * Runs in <head> before the first paint (app/layout.tsx): applies the stored theme, and follows changes made in
 * other tabs. Uncached pages admit it by the request's CSP nonce; cached pages, which carry no nonce, by its hash
 * (a constant, so the hash never changes). Storage may be blocked (privacy settings): the page then follows the
 * system's setting.
 */
export const THEME_INIT_SCRIPT =
  `(function(){var k=${JSON.stringify(THEME_STORAGE_KEY)},r=document.documentElement;` +
  `function a(t){if(t==='light'||t==='dark')r.dataset.theme=t;else delete r.dataset.theme}` +
  `try{a(localStorage.getItem(k))}catch(e){}` +
  `addEventListener('storage',function(e){if(e.key===k)a(e.newValue)})})()`
