// Every limit a post and its upload are held to, in one place: read both by the server's checks and by the posting
// forms in the browser (so nothing here may import server-only code). Lengths count characters (code points) after
// normalisation.

export const TOPIC_MAX = 100
/** Text of a thread's opening post. */
export const OP_CONTENT_MAX = 2000
export const REPLY_CONTENT_MAX = 4000

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

// Uploads. Images are judged by what their headers declare, before any pixel is decoded; video and audio by a probe
// in a child process that cannot take more than the time and memory given here.

/** Bytes of the one file a post may carry. */
export const MAX_FILE_BYTES = 4 * 1024 * 1024

/** Longest side of an image or video frame. Every camera and phone photo that fits in 4 MiB is smaller; a declared
 *  65535 px side only makes viewers allocate a huge canvas. */
export const MAX_SIDE = 10_000

/** 50 megapixels a frame: beyond any real photo, far below what would exhaust memory when decoded (4 bytes a pixel,
 *  200 MB). Sharp is given the same cap (limitInputPixels) as a second line. */
export const MAX_PIXELS = 50_000_000

/** Frames of an animation (GIF, WebP). A minute at 30 frames a second; real animations under 4 MiB have far
 *  fewer, while a hostile file of tiny frames can hold hundreds of thousands. */
export const MAX_FRAMES = 2_000

/** Frames × canvas pixels of an animation: every frame is composited onto the whole canvas, so this is the work a
 *  viewer does for one loop. 500 MP is 240 frames at 1920×1080 or 2,000 at 500×500; a typical reaction GIF
 *  (480×270, 15 fps, 20 s) needs 39 MP. */
export const MAX_ANIMATION_PIXELS = 500_000_000

/** Wall-clock limit of one ffprobe or ffmpeg run, after which it is killed (SIGKILL). A 4 MiB file probes in well
 *  under a second; the limit only stops a hostile file from holding a core. */
export const PROBE_TIMEOUT_MS = 10_000

/** CPU seconds a probe may use (RLIMIT_CPU), the same bound measured by the kernel. */
export const PROBE_CPU_SECONDS = 10

/** Heap memory of a probe (RLIMIT_DATA, in KiB): about four times what decoding one 4K H.264 frame takes (110 MB),
 *  as thread buffers grow with the cores. An address-space limit would not do: ffmpeg maps several hundred MB of
 *  shared libraries before it reads a byte. */
export const PROBE_MEMORY_KIB = 512 * 1024
