// Pure arithmetic of the benchmark: percentiles, distributions and ratios (unit-tested in tests/unit/bench-stats.test.ts).

export interface Distribution {
  count: number
  p50: number
  p90: number
  p99: number
  max: number
}

/** The p-th percentile (0–100) by the nearest-rank method; NaN for no values. `sorted` must be ascending. */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN
  if (p <= 0) return sorted[0]
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(rank, sorted.length) - 1]
}

export function distribution(values: readonly number[]): Distribution {
  const sorted = [...values].sort((a, b) => a - b)
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
  }
}

/** measured / baseline, or null when either is missing or the baseline is zero. */
export function ratio(measured: number | null | undefined, baseline: number | null | undefined): number | null {
  if (
    measured == null ||
    baseline == null ||
    !Number.isFinite(measured) ||
    !Number.isFinite(baseline) ||
    baseline === 0
  )
    return null
  return measured / baseline
}

/** A ratio as "0.42×"; "–" when there is none. */
export function formatRatio(value: number | null): string {
  if (value === null) return '–'
  return `${value < 0.1 ? value.toFixed(3) : value.toFixed(2)}×`
}

/** Milliseconds with a precision that suits their size: 0.42, 4.2, 42, 420. */
export function formatMs(ms: number | null | undefined): string {
  if (ms == null || !Number.isFinite(ms)) return '–'
  if (ms < 1) return ms.toFixed(2)
  if (ms < 10) return ms.toFixed(1)
  return Math.round(ms).toString()
}

/** Requests per second: whole numbers, with thousands separated by a thin space for reading. */
export function formatRate(perSecond: number | null | undefined): string {
  if (perSecond == null || !Number.isFinite(perSecond)) return '–'
  if (perSecond < 10) return perSecond.toFixed(1)
  return Math.round(perSecond).toLocaleString('en-US')
}
