// Every limit an upload is held to besides its byte size (MAX_FILE_BYTES in lib/limits.ts), in one place. Images
// are judged by what their headers declare, before any pixel is decoded; video and audio by a probe in a child
// process that cannot take more than the time and memory given here.

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
