// Poster id badges: the same id keeps its colour, and its text reads on its background (4.5:1 or more).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { luminance, posterIdColor } from '@/lib/ui/poster-id-color'

/** The browser's colour of `hsl(h s% l%)` as sRGB channels 0…1 (the CSS Color 4 formula, written out here). */
function parseHsl(css: string): [number, number, number] {
  const [h, s, l] = css.match(/[\d.]+/g)!.map(Number)
  const c = (1 - Math.abs((2 * l) / 100 - 1)) * (s / 100)
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1))
  const m = l / 100 - c / 2
  const [r, g, b] =
    h < 60
      ? [c, x, 0]
      : h < 120
        ? [x, c, 0]
        : h < 180
          ? [0, c, x]
          : h < 240
            ? [0, x, c]
            : h < 300
              ? [x, 0, c]
              : [c, 0, x]
  return [r + m, g + m, b + m]
}

const hex = (css: string): [number, number, number] =>
  [1, 3, 5].map((i) => parseInt(css.slice(i, i + 2), 16) / 255) as never

describe('posterIdColor', () => {
  it('is stable for an id', () => {
    expect(posterIdColor('a1b2c3d4')).toEqual(posterIdColor('a1b2c3d4'))
  })

  it('always has text at 4.5:1 or more against its background', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-f]{8}$/), (id) => {
        const { background, color } = posterIdColor(id)
        const [a, b] = [luminance(parseHsl(background)), luminance(hex(color))].sort((x, y) => y - x)
        expect((a + 0.05) / (b + 0.05)).toBeGreaterThanOrEqual(4.5)
      }),
      { numRuns: 2000 },
    )
  })
})
