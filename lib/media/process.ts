// Turns a detected upload into the bytes we store: still images are checked under a pixel cap (no decompression
// bombs) and lose their EXIF/XMP/GPS, losslessly when upright (strip-metadata.ts), by a rotating re-encode
// otherwise; every image gets a 150 px thumbnail (first frame for animated images); videos get an ffmpeg frame
// when ffmpeg is installed.
import sharp from 'sharp'
import { InvalidFileTypeError } from '../errors'
import type { DetectedMedia } from './detect'
import { videoFrame } from './video-thumbnail'
import { type StrippableExt, stripMetadata } from './strip-metadata'

export const THUMBNAIL_SIZE = 150
/** 50 megapixels: beyond any real photo, far below what would exhaust memory when decoded. */
export const MAX_PIXELS = 50_000_000

export interface ProcessedMedia {
  body: Buffer
  detected: DetectedMedia
  width: number | null
  height: number | null
  /** WebP thumbnail, or null when none can be made (audio; video without ffmpeg). */
  thumbnail: Buffer | null
}

sharp.cache(false)

export async function processMedia(bytes: Buffer, detected: DetectedMedia): Promise<ProcessedMedia> {
  try {
    if (detected.fileType === 'image') return await processImage(bytes, detected)
    if (detected.fileType === 'video') {
      const frame = await videoFrame(bytes, detected.ext)
      return { body: bytes, detected, width: null, height: null, thumbnail: frame ? await thumbnailOf(frame) : null }
    }
    return { body: bytes, detected, width: null, height: null, thumbnail: null }
  } catch (err) {
    if (err instanceof InvalidFileTypeError) throw err
    // Undecodable content with a valid signature (truncated, corrupt or hostile files).
    throw new InvalidFileTypeError()
  }
}

async function processImage(bytes: Buffer, detected: DetectedMedia): Promise<ProcessedMedia> {
  const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata()
  if (!meta.width || !meta.height || meta.width * meta.height > MAX_PIXELS) throw new InvalidFileTypeError()

  let body: Buffer
  let width = meta.width
  let height = meta.height
  const upright = (meta.orientation ?? 1) === 1
  const stripped = upright && detected.ext !== 'gif' ? stripMetadata(bytes, detected.ext as StrippableExt) : null
  if (detected.ext === 'gif') {
    // GIFs keep their animation; they carry no EXIF block to strip.
    body = bytes
  } else if (stripped) {
    // Metadata blocks removed, pixels untouched; the thumbnail below decodes the whole result, so a file that
    // only looked like an image still fails here.
    body = stripped
  } else {
    // A rotated image (or a structure strip-metadata.ts does not vouch for) is re-encoded: sharp drops all
    // metadata unless asked to keep it, and rotate() applies the EXIF orientation first.
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate()
    const encoded = detected.ext === 'png' ? image.png({ compressionLevel: 9 })
      : detected.ext === 'jpg' ? image.jpeg({ quality: 90, mozjpeg: true })
        : image.webp({ quality: 90 })
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true })
    body = data
    width = info.width
    height = info.height
  }
  return { body, detected, width, height, thumbnail: await thumbnailOf(body) }
}

/** The 150 px WebP thumbnail of an image (its first frame), as every upload gets it; also bench/sharp-baseline.ts. */
export function thumbnailOf(image: Buffer): Promise<Buffer> {
  return sharp(image, { limitInputPixels: MAX_PIXELS, pages: 1 })
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer()
}
