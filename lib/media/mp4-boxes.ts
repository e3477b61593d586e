// The box structure of an MP4, checked before ffprobe sees it: ffprobe reads a `moov` whose declared size runs far
// past the end of the file without complaint, and other readers (browsers, the thumbnailer) may trust such sizes.
// Every top-level box, and every box inside the containers of `moov`, must fit exactly in its parent.

/** Containers inside `moov` whose children are plain boxes (no version/flags header before them). */
const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'edts', 'dinf', 'mvex'])

/** True when the file is one `ftyp` followed by boxes that all fit, with exactly one `moov`. */
export function mp4BoxesValid(b: Buffer): boolean {
  try {
    const top = walk(b, 0, b.length, true)
    return top[0] === 'ftyp' && top.filter((t) => t === 'moov').length === 1
  } catch {
    return false
  }
}

/** The types of the boxes filling [start, end); throws when a size is impossible. */
function walk(b: Buffer, start: number, end: number, topLevel: boolean): string[] {
  const types: string[] = []
  let i = start
  while (i < end) {
    if (end - i < 8) throw new RangeError('bytes left over after the last box')
    let size = b.readUInt32BE(i)
    const type = b.subarray(i + 4, i + 8).toString('latin1')
    let header = 8
    if (size === 1) {
      header = 16
      const large = b.readBigUInt64BE(i + 8)
      size = large > BigInt(end - i) ? Infinity : Number(large)
    } else if (size === 0) {
      if (!topLevel) throw new RangeError('size 0 inside a box')
      size = end - i // the last box runs to the end of the file
    }
    if (size < header || i + size > end) throw new RangeError(`box ${type} of bad size`)
    if (CONTAINERS.has(type)) walk(b, i + header, i + size, false)
    types.push(type)
    i += size
  }
  return types
}
