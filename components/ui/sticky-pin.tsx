import { PIN_GLYPH } from './glyphs'

/** The pin that marks a sticky thread (kept at the top of its board). */
export function StickyPin({ testId }: { testId?: string }) {
  return <span title="Sticky" aria-label="Sticky" data-testid={testId} dangerouslySetInnerHTML={PIN_GLYPH} />
}
