// The thread-user-id badge colour is derived from the id itself, so the same poster keeps one colour and
// readers can follow them without any state.
export function posterIdColor(id: string): { background: string; color: string } {
  const hue = parseInt(id.slice(0, 6), 16) % 360
  const lightness = 35 + (parseInt(id.slice(6, 8), 16) % 30)
  return { background: `hsl(${hue} 70% ${lightness}%)`, color: lightness > 55 ? '#111827' : '#ffffff' }
}
