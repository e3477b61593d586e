// Lossless metadata removal for JPEG, PNG and WebP: the file's own blocks are copied, minus every block that can
// carry metadata (EXIF with GPS and camera serials, XMP, IPTC, comments, text chunks, embedded thumbnails) and
// anything after the image's end (a ZIP appended to a picture, say). The pixels stay byte for byte the uploaded
// ones and no re-encode is spent (a full-size re-encode costs 15–100× a thumbnail).
//
// Blocks are kept by allow-list, never by search for known metadata, so an unknown block goes too. Whatever this
// code does not fully understand returns null and the caller re-encodes the image instead. (The npm packages that
// do this, e.g. exif-be-gone, search for EXIF/XMP signatures and keep everything else, comments included.)

export type StrippableExt = 'jpg' | 'png' | 'webp'

/** The image without its metadata, or null when the file's structure is not one this code vouches for. */
export function stripMetadata(bytes: Buffer, ext: StrippableExt): Buffer | null {
  try {
    return ext === 'jpg' ? stripJpeg(bytes) : ext === 'png' ? stripPng(bytes) : stripWebp(bytes)
  } catch {
    return null // a length running past the end (RangeError) and the like
  }
}

/**
 * The kept pieces as one file. They are ranges of `b` in order (the PNG signature is `b`'s own first bytes), so when
 * they add up to all of it nothing was dropped: `b` itself is the answer, and the upload is not copied.
 */
function joined(b: Buffer, pieces: Buffer[]): Buffer {
  const length = pieces.reduce((n, piece) => n + piece.length, 0)
  return length === b.length ? b : Buffer.concat(pieces, length)
}

// ── JPEG: a marker segment list up to each scan, entropy-coded data after it, EOI at the end ──────────────────

const SOI = 0xd8,
  EOI = 0xd9,
  SOS = 0xda,
  APP0 = 0xe0,
  APP2 = 0xe2,
  APP14 = 0xee

/** Segments kept besides APP0/APP2/APP14 below: frames (SOF0–15 but DHT/JPG/DAC), tables, scans, restart, DNL. */
function isImageSegment(marker: number): boolean {
  if (marker >= 0xc0 && marker <= 0xcf) return marker !== 0xc8 // 0xc8 is reserved for extensions
  return marker === 0xdb || marker === 0xdd || marker === SOS || marker === 0xdc
}

/** APPn segments kept: a JFIF header without thumbnail, ICC profiles (colours) and Adobe's colour-transform flag. */
function isKeptApp(marker: number, payload: Buffer): boolean {
  const tag = (s: string) => payload.subarray(0, s.length).toString('latin1') === s
  if (marker === APP0) return tag('JFIF\0') && payload.length === 14 // 14 bytes: no thumbnail
  if (marker === APP2) return tag('ICC_PROFILE\0')
  if (marker === APP14) return tag('Adobe') && payload.length === 12
  return false
}

function stripJpeg(b: Buffer): Buffer | null {
  if (b[0] !== 0xff || b[1] !== SOI) return null
  const out: Buffer[] = [b.subarray(0, 2)]
  let i = 2
  let scans = 0
  for (;;) {
    if (b[i] !== 0xff) return null
    while (b[i + 1] === 0xff) i++ // fill bytes
    const marker = b[i + 1]
    if (marker === EOI) {
      if (!scans) return null
      out.push(b.subarray(i, i + 2))
      return joined(b, out)
    }
    const isApp = marker >= APP0 && marker <= 0xef
    if (!isApp && marker !== 0xfe && !isImageSegment(marker)) return null // COM is 0xfe; anything else is unknown
    const length = b.readUInt16BE(i + 2)
    const end = i + 2 + length
    if (length < 2 || end > b.length) return null
    if (isImageSegment(marker) || (isApp && isKeptApp(marker, b.subarray(i + 4, end)))) out.push(b.subarray(i, end))
    i = end
    if (marker !== SOS) continue
    // Entropy-coded data: 0xff is followed by a stuffed 0x00, a restart marker (0xd0–0xd7) or fill; anything else
    // is the next marker.
    scans++
    let j = i
    for (;;) {
      j = b.indexOf(0xff, j)
      if (j < 0 || j + 1 >= b.length) return null // truncated: no EOI
      const next = b[j + 1]
      if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) j += 2
      else if (next === 0xff) j += 1
      else break
    }
    out.push(b.subarray(i, j))
    i = j
  }
}

// ── PNG: signature, then length / type / data / CRC chunks up to IEND ─────────────────────────────────────────

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** Image, colour and animation chunks (PNG 3rd edition with APNG). Text, eXIf, tIME and unknown chunks are dropped. */
const PNG_KEPT = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'cHRM',
  'gAMA',
  'iCCP',
  'sBIT',
  'sRGB',
  'cICP',
  'mDCV',
  'cLLI',
  'bKGD',
  'hIST',
  'pHYs',
  'sPLT',
  'acTL',
  'fcTL',
  'fdAT',
])

function stripPng(b: Buffer): Buffer | null {
  if (!b.subarray(0, 8).equals(PNG_SIGNATURE)) return null
  const out: Buffer[] = [PNG_SIGNATURE]
  let i = 8
  for (;;) {
    const length = b.readUInt32BE(i)
    const type = b.subarray(i + 4, i + 8).toString('latin1')
    const end = i + 12 + length
    if (!/^[A-Za-z]{4}$/.test(type) || end > b.length) return null
    const critical = type[0] === type[0].toUpperCase()
    if (PNG_KEPT.has(type))
      out.push(b.subarray(i, end)) // CRCs stay valid: chunks are copied whole
    else if (critical) return null // a decoder must understand critical chunks; so must we
    i = end
    if (type === 'IEND') return out.length > 2 ? joined(b, out) : null
  }
}

// ── WebP: a RIFF container of fourcc / little-endian size / data (padded to even) chunks ─────────────────────────

/** Image, alpha, animation and colour chunks; EXIF, XMP and unknown chunks are dropped. */
const WEBP_KEPT = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP'])
const VP8X_EXIF = 0x08,
  VP8X_XMP = 0x04

function stripWebp(b: Buffer): Buffer | null {
  if (b.subarray(0, 4).toString('latin1') !== 'RIFF' || b.subarray(8, 12).toString('latin1') !== 'WEBP') return null
  const riffEnd = 8 + b.readUInt32LE(4)
  if (riffEnd > b.length) return null
  const chunks: Buffer[] = []
  let i = 12
  while (i < riffEnd) {
    const type = b.subarray(i, i + 4).toString('latin1')
    const size = b.readUInt32LE(i + 4)
    const end = i + 8 + size + (size & 1)
    if (end > riffEnd) return null
    if (type === 'VP8X') {
      const chunk = Buffer.from(b.subarray(i, end)) // a copy: its flags change
      chunk[8] &= ~(VP8X_EXIF | VP8X_XMP)
      chunks.push(chunk)
    } else if (WEBP_KEPT.has(type)) {
      chunks.push(b.subarray(i, end))
    }
    i = end
  }
  if (!chunks.some((c) => ['VP8 ', 'VP8L', 'ANMF'].includes(c.subarray(0, 4).toString('latin1')))) return null
  const header = Buffer.alloc(12)
  header.write('RIFF', 0, 'latin1')
  header.writeUInt32LE(4 + chunks.reduce((n, c) => n + c.length, 0), 4)
  header.write('WEBP', 8, 'latin1')
  return Buffer.concat([header, ...chunks])
}
