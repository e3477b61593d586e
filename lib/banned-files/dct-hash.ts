// The 64-bit DCT perceptual hash of a 32×32 grey square, by sharp-phash's definition: its type-II DCT, the 8×8
// coefficients after the first row and column, each bit set when the coefficient is above their mean. sharp-phash
// computes all 32×32 coefficients with a four-deep loop, about a million multiply-adds per upload on the event loop;
// the DCT is separable and only 8×8 coefficients are used, so two passes need about ten thousand. The sums are taken
// in another order, so a coefficient within rounding of the mean could flip its bit, far inside the matching
// distance; tests/unit/banned-file-phash.test.ts finds the same 64 bits as the library on every square it tries.

/** The side of the grey square (sharp-phash's sample size). */
export const DCT_SAMPLE = 32

/** The coefficients the hash uses: 1..LOW on each axis. */
const LOW = 8

/** COS[k * LOW + (n - 1)] = cos((2k + 1) n π / 2N) for n in 1..LOW, as sharp-phash's table holds it. */
const COS = (() => {
  const table = new Float64Array(DCT_SAMPLE * LOW)
  for (let k = 0; k < DCT_SAMPLE; k++)
    for (let n = 1; n <= LOW; n++) table[k * LOW + n - 1] = Math.cos(((2 * k + 1) / (2.0 * DCT_SAMPLE)) * n * Math.PI)
  return table
})()

/**
 * Below this, every coefficient the hash uses is zero but for rounding: a picture that varies along one axis only
 * (stripes, bands, a one-way gradient). Its bits would be rounding noise, so it gets no hash, as a flat picture.
 */
const NO_DETAIL = 1e-6

/**
 * The hash as 16 hex digits, or null for a picture without detail on both axes. `grey` holds the square row by row
 * (sharp's raw output, one channel). sharp-phash indexes its signal as f[x][y] = grey[N·y + x] and reads
 * coefficients [u][v] with u along x, so the same here.
 */
export function dctHash(grey: Uint8Array): string | null {
  if (grey.length !== DCT_SAMPLE * DCT_SAMPLE) throw new RangeError(`dctHash needs ${DCT_SAMPLE}² grey values`)
  // First pass, along y: partial[x][v] = Σ_y cos(y, v) · f[x][y].
  const partial = new Float64Array(DCT_SAMPLE * LOW)
  for (let x = 0; x < DCT_SAMPLE; x++)
    for (let v = 0; v < LOW; v++) {
      let sum = 0
      for (let y = 0; y < DCT_SAMPLE; y++) sum += COS[y * LOW + v] * grey[DCT_SAMPLE * y + x]
      partial[x * LOW + v] = sum
    }
  // Second pass, along x. sharp-phash scales by c(u)·c(v)/4, which is 1/4 away from the first row and column.
  const coefficients = new Float64Array(LOW * LOW)
  let total = 0
  let largest = 0
  for (let u = 0; u < LOW; u++)
    for (let v = 0; v < LOW; v++) {
      let sum = 0
      for (let x = 0; x < DCT_SAMPLE; x++) sum += COS[x * LOW + u] * partial[x * LOW + v]
      const coefficient = sum / 4
      coefficients[u * LOW + v] = coefficient
      total += coefficient
      largest = Math.max(largest, Math.abs(coefficient))
    }
  if (largest < NO_DETAIL) return null
  const mean = total / (LOW * LOW)
  let hex = ''
  for (let i = 0; i < LOW * LOW; i += 4) {
    let digit = 0
    for (let b = 0; b < 4; b++) digit = (digit << 1) | (coefficients[i + b] > mean ? 1 : 0)
    hex += digit.toString(16)
  }
  return hex
}
