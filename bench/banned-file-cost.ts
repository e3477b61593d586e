// What the banned-file check adds to an image upload when the list holds image entries: the perceptual hash of the
// upload's thumbnail (which the pipeline makes anyway) and its comparison with 10,000 entries (the list's cap), in
// this process, as the posting path runs them. The digest lookups are map reads and are not measured.
import { distribution, type Distribution } from './stats'
import { hammingDistance, hashHalves, PHASH_MAX_DISTANCE, perceptualHash } from '../lib/banned-files/fingerprint'
import { MAX_BANNED_FILES } from '../lib/banned-files/schemas'
import { thumbnailOf } from '../lib/media/process'
import { scene } from '../tests/helpers/media'

export interface BannedFileCost {
  entries: number
  /** Perceptual hash of one thumbnail plus the comparison with every entry. */
  ms: Distribution
}

export async function measureBannedFileCost(repetitions = 200): Promise<BannedFileCost> {
  let seed = 1
  const random32 = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0)
  const entries = Array.from({ length: MAX_BANNED_FILES }, (): [number, number] => [random32(), random32()])
  // A picture with shapes (a noise photo is flat at the hash's 32×32 and would get no hash at all).
  const thumbnail = await thumbnailOf(await scene(1, 800, 600))
  const samples: number[] = []
  for (let i = 0; i < repetitions + 20; i++) {
    const start = process.hrtime.bigint()
    const hex = await perceptualHash(thumbnail)
    const hash = hashHalves(hex!)
    entries.some((e) => hammingDistance(e, hash) <= PHASH_MAX_DISTANCE)
    if (i >= 20) samples.push(Number(process.hrtime.bigint() - start) / 1e6) // the first 20 warm up
  }
  return { entries: entries.length, ms: distribution(samples) }
}
