// The targets of the first speed round (issue 7), judged against a run's results: ratios and bounds, never timed
// tests. Later rounds' targets live with their scenarios' report sections (bench/sections/).
import type { BenchResults, HttpFigure } from './report'
import { judgeSoak } from './soak'
import { formatMs, formatRate, formatRatio, ratio } from './stats'
import type { Target } from './table'

const KB = 1024

/** The issue's targets (ratios and bounds, not timed tests); met is null when the run did not measure it. */
export function evaluateTargets(r: BenchResults): Target[] {
  const targets: Target[] = []
  const http = (id: HttpFigure['id']) => r.http.find((f) => f.id === id)
  for (const id of ['board', 'thread'] as const) {
    const f = http(id)
    const x = f ? ratio(f.corkboard.rps, f.baseline.rps) : null
    targets.push({
      name: `Hot ${id} page`,
      goal: `≥ 0.5× raw baseline, p99 ≤ 10 ms at ${r.settings.connections} connections`,
      value: f ? `${formatRatio(x)}, p99 ${formatMs(f.corkboard.p99)} ms` : 'not measured',
      met: f && x !== null ? x >= 0.5 && f.corkboard.p99 <= 10 : null,
    })
  }
  for (const id of ['board', 'thread'] as const) {
    const c = r.cold.find((f) => f.id === id)
    targets.push({
      name: `Cold ${id} page render`,
      goal: '≤ 30 ms (median)',
      value: c ? `median ${formatMs(c.ms.median)} ms, p90 ${formatMs(c.ms.p90)} ms` : 'not measured',
      met: c ? c.ms.median <= 30 : null,
    })
  }
  const text = http('text-reply')
  targets.push({
    name: `Text replies (${r.database === 'sqlite' ? 'SQLite' : 'PostgreSQL'})`,
    goal: '≥ 1,000/s on SQLite',
    value: text ? `${formatRate(text.corkboard.rps)}/s` : 'not measured',
    met: text ? text.corkboard.rps >= 1000 : null,
  })
  const filtered = http('text-reply-filtered')
  const filteredRatio = filtered ? ratio(filtered.corkboard.rps, filtered.baseline.rps) : null
  targets.push({
    name: 'Text replies with 100 word filters',
    goal: '≥ 0.9× the rate without filters',
    value: filtered ? `${formatRatio(filteredRatio)} (${formatRate(filtered.corkboard.rps)}/s)` : 'not measured',
    met: filteredRatio !== null ? filteredRatio >= 0.9 : null,
  })
  targets.push({
    name: 'Word filters per post',
    goal: '100 rules × 4,000 characters < 1 ms',
    value: r.filters ? `median ${formatMs(r.filters.ms.p50)} ms, p99 ${formatMs(r.filters.ms.p99)} ms` : 'not measured',
    met: r.filters ? r.filters.ms.p50 < 1 : null,
  })
  targets.push({
    name: 'Banned-file check per image upload',
    goal: 'perceptual hash + 10,000 entries < 10 ms',
    value: r.bannedFiles
      ? `median ${formatMs(r.bannedFiles.ms.p50)} ms, p99 ${formatMs(r.bannedFiles.ms.p99)} ms`
      : 'not measured',
    met: r.bannedFiles ? r.bannedFiles.ms.p50 < 10 : null,
  })
  const captcha = http('text-reply-captcha')
  const captchaRatio = captcha ? ratio(captcha.corkboard.rps, captcha.baseline.rps) : null
  targets.push({
    name: 'Text replies with captcha `all` and 100 word filters',
    goal: '≥ 0.9× the rate with both off',
    value: captcha ? `${formatRatio(captchaRatio)} (${formatRate(captcha.corkboard.rps)}/s)` : 'not measured',
    met: captchaRatio !== null ? captchaRatio >= 0.9 : null,
  })
  targets.push({
    name: 'Captcha per post (server)',
    goal: 'beside the word filters’ cost',
    value: r.captcha
      ? `check median ${formatMs(r.captcha.verifyMs.p50)} ms, p99 ${formatMs(r.captcha.verifyMs.p99)} ms; issue median ${formatMs(r.captcha.issueMs.p50)} ms, p99 ${formatMs(r.captcha.issueMs.p99)} ms`
      : 'not measured',
    met: null,
  })
  targets.push({
    name: `Captcha for a person / a script (complexity ${r.captcha?.nodeSolve.complexity ?? 5000})`,
    goal: 'a person rarely waits; stated in the README',
    value: r.captcha
      ? `${r.captcha.browser ? `Chromium (${r.captcha.browser.workers} workers) median ${(r.captcha.browser.ms.p50 / 1000).toFixed(2)} s; ` : ''}one Node core median ${(r.captcha.nodeSolve.ms.p50 / 1000).toFixed(2)} s`
      : 'not measured',
    met: null,
  })
  const image = http('image-reply')
  const imageRatio = image ? ratio(image.corkboard.rps, image.baseline.rps) : null
  targets.push({
    name: 'Image replies',
    goal: "≥ 0.8× sharp's bare thumbnail rate",
    value: image
      ? `${formatRatio(imageRatio)} (${formatRate(image.corkboard.rps)}/s vs ${formatRate(image.baseline.rps)}/s)`
      : 'not measured',
    met: imageRatio !== null ? imageRatio >= 0.8 : null,
  })
  const big = [...r.fanout].sort((a, b) => b.clients - a.clients)[0]
  targets.push({
    name: `${big ? big.clients.toLocaleString('en-US') : '5,000'} sockets fan-out`,
    goal: 'p99 ≤ 200 ms, server RSS ≤ 300 MB',
    value: big
      ? `p99 ${formatMs(big.latencyMs.p99)} ms, RSS ${Math.round(big.rssPeakMb)} MB${big.missing ? `, ${big.missing} missing` : ''}`
      : 'not measured',
    met: big
      ? big.latencyMs.p99 <= 200 && big.rssPeakMb <= 300 && big.missing === 0 && big.connected === big.clients
      : null,
  })
  targets.push({
    name: 'Thread page JavaScript',
    goal: '≤ 150 KB gzipped',
    value: r.js ? `${(r.js.totalGzipBytes / KB).toFixed(1)} KB in ${r.js.scripts.length} scripts` : 'not measured',
    met: r.js ? r.js.totalGzipBytes <= 150 * KB : null,
  })
  const soak = r.soak ? judgeSoak(r.soak) : null
  targets.push({
    name: `Soak (${r.soak?.minutes.length ?? 10} minutes of mixed load)`,
    goal: 'no 5xx; RSS and p99 flat from minute to minute',
    value: soak
      ? `${soak.serverErrors} server errors, RSS ${soak.rssGrowthMb >= 0 ? '+' : ''}${Math.round(soak.rssGrowthMb)} MB and read p99 ${formatRatio(soak.p99Growth)} from the 2nd to the last minute`
      : 'not measured',
    // Flat: within 50 MB and twice the p99 of the second minute; shared machines wobble more than that rarely.
    met: soak ? soak.serverErrors === 0 && soak.rssGrowthMb <= 50 && (soak.p99Growth ?? 1) <= 2 : null,
  })
  return targets
}
