// Upload bodies that differ in every request yet cost the server the same work: a real site's uploads are new files,
// each stored (two writes) rather than found stored already. The counter goes into the last three entries of the
// JPEG's first quantisation table (its highest frequencies), which the server keeps as they are: the image decodes
// the same way at the same cost, and its bytes, digest and storage key are new.

/** Offsets of the last three entries of the first 8-bit quantisation table of a baseline JPEG. */
export function quantisationTail(jpeg: Buffer): [number, number, number] {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('not a JPEG')
  let at = 2
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1]
    const length = jpeg.readUInt16BE(at + 2)
    if (marker === 0xda) break // start of scan: no table after it matters
    // DQT: one byte of precision (high nibble, 0 for 8-bit) and table number, then 64 entries.
    if (marker === 0xdb && jpeg[at + 4] >> 4 === 0 && length >= 67) {
      const entries = at + 5
      return [entries + 61, entries + 62, entries + 63]
    }
    at += 2 + length
  }
  throw new Error('no 8-bit quantisation table before the scan')
}

/**
 * A source of request bodies: each a copy of `body` (a multipart body holding `jpeg`) with the next counter value
 * written into the JPEG's quantisation tail, in base 255 with digits 1–255 (an entry of 0 is invalid): 16 million
 * different files.
 */
export function uniqueJpegBodies(body: Buffer, jpeg: Buffer): () => Buffer {
  const start = body.indexOf(jpeg)
  if (start < 0) throw new Error('the body does not hold the JPEG')
  const tail = quantisationTail(jpeg).map((offset) => start + offset)
  let n = 0
  return () => {
    const copy = Buffer.from(body)
    let rest = n++
    for (const offset of tail) {
      copy[offset] = (rest % 255) + 1
      rest = Math.floor(rest / 255)
    }
    return copy
  }
}
