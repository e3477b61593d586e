// The thread-user-id badge colour is derived from the id itself, so the same poster keeps one colour and
// readers can follow them without any state. Its text is black or white, whichever contrasts more with the
// background: one of the two always reaches 4.5:1 (WCAG AA).
export function posterIdColor(id: string): { background: string; color: string } {
  const hue = parseInt(id.slice(0, 6), 16) % 360
  const lightness = 35 + (parseInt(id.slice(6, 8), 16) % 30)
  const background = luminance(hslToRgb(hue, 0.7, lightness / 100))
  const onWhite = 1.05 / (background + 0.05)
  const onBlack = (background + 0.05) / 0.05
  return { background: `hsl(${hue} 70% ${lightness}%)`, color: onWhite >= onBlack ? '#ffffff' : '#000000' }
}

function hslToRgb(hue: number, saturation: number, lightness: number): [number, number, number] {
  const a = saturation * Math.min(lightness, 1 - lightness)
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12
    return lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))
  }
  return [channel(0), channel(8), channel(4)]
}

/** Relative luminance of an sRGB colour with channels in 0…1. */
export function luminance([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}
