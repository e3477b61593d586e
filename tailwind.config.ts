// Tailwind 4 reads this file through the @config line in app/globals.css.
import type { Config } from 'tailwindcss'

export default {
  content: ['./app/**/*.{ts,tsx}', './components/**/*.{ts,tsx}', './lib/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        board: { bg: '#eef2ff', card: '#ffffff', ink: '#1f2937', link: '#1d4ed8' },
      },
    },
  },
} satisfies Config
