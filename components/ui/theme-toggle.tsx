'use client'
import { useId } from 'react'
import { useTheme } from '@/lib/client/use-theme'
import { THEMES, type Theme } from '@/lib/ui/theme'

const LABELS: Record<Theme, string> = { system: 'System', light: 'Light', dark: 'Dark' }

/** Light, dark or the system's setting, remembered in this browser and applied to all its tabs. */
export function ThemeToggle({ className = '' }: { className?: string }) {
  const [theme, setTheme] = useTheme()
  const id = useId()
  return (
    <span className={`inline-flex items-center gap-1 text-sm ${className}`}>
      {/* The word shows from tablet width up; phones have the select alone (still named "Theme"). */}
      <label htmlFor={id} className="sr-only sm:not-sr-only">
        Theme
      </label>
      <select
        id={id}
        value={theme}
        onChange={(e) => setTheme(e.target.value as Theme)}
        data-testid="theme-toggle"
        className="rounded border border-slate-300 bg-white px-1 py-1 text-sm text-slate-800"
      >
        {THEMES.map((t) => (
          <option key={t} value={t}>
            {LABELS[t]}
          </option>
        ))}
      </select>
    </span>
  )
}
