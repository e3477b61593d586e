// A JPEG's size and EXIF orientation read from its own blocks, which is all an upload's header check needs
// (process.ts): handing the file to libvips for it cost ≈ 0.2 ms of CPU an upload (its call on the event loop and
// its work on the thread pool), a fortieth of an image reply. Whatever this code does not fully understand returns
// null and the caller asks libvips as before; the thumbnail decodes the whole file in any case, so a file that only
// looks like a JPEG here still fails there.
//
// What libvips reads is what this reads: the markers before the first scan (libjpeg stops its header there), the
// frame's size from the SOF block, and the orientation tag (0x0112) of the first IFD of the EXIF block. A file with
// two EXIF blocks, an orientation that is not one of the eight, or a size left to a later DNL block is left to libvips.

export interface JpegHeader {
  width: number
  height: number
  /** 1–8 as EXIF numbers them; 1 (upright) when the file says nothing. */
  orientation: number
}

const SOI = 0xd8,
  SOS = 0xda,
  APP1 = 0xe1

/** Start-of-frame markers (SOF0–15 but DHT 0xc4, JPG 0xc8 and DAC 0xcc): their block holds the frame's size. */
const isFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc

export function jpegHeader(b: Buffer): JpegHeader | null {
  try {
    return readHeader(b)
  } catch {
    return null // a length running past the end (RangeError)
  }
}

function readHeader(b: Buffer): JpegHeader | null {
  if (b[0] !== 0xff || b[1] !== SOI) return null
  let size: { width: number; height: number } | undefined
  let orientation: number | undefined
  let exifBlocks = 0
  for (let i = 2; ;) {
    if (b[i] !== 0xff) return null
    while (b[i + 1] === 0xff) i++ // fill bytes
    const marker = b[i + 1]
    if (marker === SOS) return size ? { ...size, orientation: orientation ?? 1 } : null
    // Markers without a length (SOI, EOI, RSTn, TEM) have no place before the first scan.
    if (marker === SOI || (marker >= 0xd0 && marker <= 0xd9) || marker === 0x01 || marker === 0) return null
    const end = i + 2 + b.readUInt16BE(i + 2)
    if (end > b.length || end < i + 4) return null
    if (isFrame(marker)) {
      if (size) return null // one frame per image
      size = { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) }
      if (!size.width || !size.height) return null
    } else if (marker === APP1 && b.toString('latin1', i + 4, i + 10) === 'Exif\0\0') {
      if (++exifBlocks > 1) return null
      const found = exifOrientation(b.subarray(i + 10, end))
      if (found === null) return null
      orientation = found
    }
    i = end
  }
}

const ORIENTATION_TAG = 0x0112
const SHORT = 3

/** The orientation in a TIFF structure (EXIF's body): undefined when IFD0 has none, null when it cannot be read. */
function exifOrientation(tiff: Buffer): number | undefined | null {
  const order = tiff.toString('latin1', 0, 2)
  if (order !== 'II' && order !== 'MM') return null
  const le = order === 'II'
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at))
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at))
  if (u16(2) !== 42) return null
  const ifd = u32(4)
  const entries = u16(ifd)
  for (let k = 0; k < entries; k++) {
    const entry = ifd + 2 + 12 * k
    if (u16(entry) !== ORIENTATION_TAG) continue
    if (u16(entry + 2) !== SHORT || u32(entry + 4) !== 1) return null
    const value = u16(entry + 8)
    return value >= 1 && value <= 8 ? value : null
  }
  return undefined
}
