// Turns a detected upload into the bytes we store. Images are first judged by the size their headers declare
// (image-limits.ts: no decompression bombs, no giant GIF screens, no endless animations), then lose their
// EXIF/XMP/GPS, losslessly when upright (strip-metadata.ts), by a rotating re-encode otherwise; GIFs are rebuilt
// from their picture blocks only (gif.ts). Every image gets a 150 px thumbnail (first frame for animated images).
// Video and audio are probed to the bottom (probe-av.ts); videos get their first frame as thumbnail.
import sharp from 'sharp'
import { InvalidFileTypeError } from '../errors'
import type { DetectedMedia } from './detect'
import { parseGif } from './gif'
import { checkDeclaredSize, checkGif } from './image-limits'
import { jpegHeader } from './jpeg-header'
import { MAX_PIXELS } from '../limits'
import { probeMedia } from './probe-av'
import { type StrippableExt, stripMetadata } from './strip-metadata'

export const THUMBNAIL_SIZE = 150

export interface ProcessedMedia {
  body: Buffer
  detected: DetectedMedia
  width: number | null
  height: number | null
  /** Length of a video or audio file; null for images. */
  durationSeconds: number | null
  /** WebP thumbnail, or null when none is made (audio). */
  thumbnail: Buffer | null
}

sharp.cache(false)

export async function processMedia(bytes: Buffer, detected: DetectedMedia): Promise<ProcessedMedia> {
  try {
    if (detected.fileType === 'image') return await processImage(bytes, detected)
    const { frame, width, height, durationSeconds } = await probeMedia(bytes, detected)
    return { body: bytes, detected, width, height, durationSeconds, thumbnail: frame ? await thumbnailOf(frame) : null }
  } catch (err) {
    if (err instanceof InvalidFileTypeError) throw err
    // Undecodable content with a valid signature (truncated, corrupt or hostile files).
    throw new InvalidFileTypeError()
  }
}

async function processImage(bytes: Buffer, detected: DetectedMedia): Promise<ProcessedMedia> {
  if (detected.ext === 'gif') {
    // Sharp reports a GIF's first frame, not the screen browsers allocate: the GIF's own blocks are judged.
    const gif = parseGif(bytes)
    checkGif(gif.screen, gif.frames)
    bytes = gif.body
  }
  // Headers only (no pixel is decoded): the limits are judged here; sharp's own pixel cap guards the decoding below.
  const meta: ImageHeader = (detected.ext === 'jpg' && jpegHeader(bytes)) || (await headerOf(bytes))
  checkDeclaredSize(meta.width, meta.height, meta.pages ?? 1)

  let body: Buffer
  let width = meta.width
  let height = meta.height
  const upright = (meta.orientation ?? 1) === 1
  const stripped = upright && detected.ext !== 'gif' ? stripMetadata(bytes, detected.ext as StrippableExt) : null
  if (detected.ext === 'gif') {
    // Rebuilt above from its picture blocks; GIFs keep their animation and carry no EXIF block.
    body = bytes
  } else if (stripped) {
    // Metadata blocks removed, pixels untouched; the thumbnail below decodes the whole result, so a file that
    // only looked like an image still fails here.
    body = stripped
  } else {
    // A rotated image (or a structure strip-metadata.ts does not vouch for) is re-encoded: sharp drops all
    // metadata unless asked to keep it, and rotate() applies the EXIF orientation first.
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate()
    const encoded =
      detected.ext === 'png'
        ? image.png({ compressionLevel: 9 })
        : detected.ext === 'jpg'
          ? image.jpeg({ quality: 90, mozjpeg: true })
          : image.webp({ quality: 90 })
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true })
    body = data
    width = info.width
    height = info.height
  }
  return { body, detected, width, height, durationSeconds: null, thumbnail: await thumbnailOf(body) }
}

interface ImageHeader {
  width: number
  height: number
  /** Frames of an animated image. */
  pages?: number
  /** EXIF's 1–8; none for upright. */
  orientation?: number
}

/** What libvips reads of an image's header (JPEGs are read by jpeg-header.ts when it can). */
async function headerOf(bytes: Buffer): Promise<ImageHeader> {
  const { width, height, pages, orientation } = await sharp(bytes, { limitInputPixels: false }).metadata()
  if (!width || !height) throw new InvalidFileTypeError()
  return { width, height, pages, orientation }
}

/** The 150 px WebP thumbnail of an image (its first frame), as every upload gets it; also bench/sharp-baseline.ts. */
export function thumbnailOf(image: Buffer): Promise<Buffer> {
  return sharp(image, { limitInputPixels: MAX_PIXELS, pages: 1 })
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer()
}
