// Tailwind 4 reads this file through the @config line in app/globals.css.
import type { Config } from 'tailwindcss'

export default {
  content: ['./app/**/*.{ts,tsx}', './components/**/*.{ts,tsx}', './lib/**/*.{ts,tsx}'],
  // The site's own colours (board-bg, board-card, board-ink, board-link) are CSS variables in app/globals.css, so
  // the dark theme can redefine them.
  theme: {},
} satisfies Config
