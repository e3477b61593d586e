// The limits a post is held to, read both by the server's checks and by the posting forms in the browser (so
// nothing here may import server-only code). Lengths count characters (code points) after normalisation.

export const TOPIC_MAX = 100
/** Text of a thread's opening post. */
export const OP_CONTENT_MAX = 2000
export const REPLY_CONTENT_MAX = 4000

/** Bytes of the one file a post may carry. */
export const MAX_FILE_BYTES = 4 * 1024 * 1024

/** Posts after which a reply no longer moves its thread to the top of the board. */
export const BUMP_LIMIT = 300
/** Live threads a board keeps; creating one more sends the last-bumped thread to the archive. */
export const MAX_THREADS_PER_BOARD = 100

/** Characters of a poll's question and of each of its options. */
export const SURVEY_TEXT_MAX = 280
export const SURVEY_OPTIONS_MIN = 2
export const SURVEY_OPTIONS_MAX = 16

/** Characters of a staff member's reason or note (deletions, bans, colour changes). */
export const REASON_MAX = 500

/** Characters of the contact page's text and of its optional link (set on /admin/settings). */
export const CONTACT_TEXT_MAX = 2000
export const CONTACT_LINK_MAX = 300

/** Characters of a search, its distinct words, results on each page and the deepest page served. */
export const SEARCH_TEXT_MAX = 200
export const SEARCH_WORDS_MAX = 16
export const SEARCH_PAGE_SIZE = 25
/** Only the newest posts containing every word are ranked, so a search for common words costs the same on a site of
 * ten thousand posts as on one of ten million; `total` counts at most this many. */
export const SEARCH_CANDIDATES_MAX = 1000
export const SEARCH_PAGES_MAX = SEARCH_CANDIDATES_MAX / SEARCH_PAGE_SIZE

/** Characters of the optional reason a visitor gives with a report. */
export const REPORT_REASON_MAX = 200

/** Rooms one live-update socket may be in (lib/sockets/attach.ts); the thread watcher stays under it. */
export const SOCKET_ROOMS_MAX = 20
