// Characters outside Latin-1 that the post components draw themselves, written as HTML entities for
// dangerouslySetInnerHTML (constant markup, nothing from a visitor). The HTML of each post is kept as a string
// between renders (lib/render/fragment-cache.ts), and V8 stores a string holding even one such character at two
// bytes a character: the "[–]" in every post's header doubled the memory of every post's fragment. A visitor's own
// text may still hold any character; it costs that post only.

/** The hide button of a post or thread: "[–]". */
export const HIDE_GLYPH = { __html: '[&ndash;]' }
/** The mark of a cut text: "…". */
export const ELLIPSIS_GLYPH = { __html: '&hellip;' }
/** The play button of an embedded video: "▶ Play video". */
export const PLAY_VIDEO_GLYPH = { __html: '&#9654; Play video' }
/** The pin of a sticky thread: "📌". */
export const PIN_GLYPH = { __html: '&#128204;' }
