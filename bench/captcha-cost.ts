// The captcha's cost per post on the server, in this process with the site's database: issuing a challenge (one
// PBKDF2 derivation, signed) and checking a solution (two HMACs, then recording it against replay). Solutions are
// found in between, untimed, at the smallest complexity: the server's work does not depend on the complexity.
// Also the solutions the captcha text-reply scenario sends, one per request (a solution posts once).
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { distribution, type Distribution } from './stats'
import { newCaptchaChallenge } from '../lib/captcha/challenge'
import { verifyCaptcha } from '../lib/captcha/verify'

/** The complexity the benchmark solves at (CAPTCHA_COMPLEXITY's minimum). */
export const BENCH_COMPLEXITY = 10

export interface CaptchaCost {
  issueMs: Distribution
  verifyMs: Distribution
  /** A script's work per post: solving at `complexity` on one core of this process (Node's OpenSSL). */
  nodeSolve: { complexity: number; ms: Distribution; msPerDerivation: number }
  /** The widget in Chromium, at the server's complexity (the `captcha-browser` scenario). */
  browser?: { complexity: number; workers: number; ms: Distribution }
}

/** The widget's payload for a solved challenge. */
export async function solvedPayload(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey })
  if (!solution) throw new Error('the benchmark could not solve a captcha challenge')
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
}

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6

/** One core solving `repetitions` challenges at `complexity`, untimed issue, timed solve. */
async function measureNodeSolve(complexity: number, repetitions: number): Promise<CaptchaCost['nodeSolve']> {
  const samples: number[] = []
  let derivations = 0
  for (let i = 0; i < repetitions; i++) {
    const challenge = await newCaptchaChallenge(complexity)
    const start = process.hrtime.bigint()
    const solution = await solveChallenge({ challenge, deriveKey })
    samples.push(ms(start))
    derivations += solution!.counter + 1
  }
  const total = samples.reduce((a, b) => a + b, 0)
  return { complexity, ms: distribution(samples), msPerDerivation: total / derivations }
}

export async function measureCaptchaCost(complexity: number, repetitions = 300, solves = 5): Promise<CaptchaCost> {
  const issue: number[] = []
  const verify: number[] = []
  for (let i = 0; i < repetitions + 20; i++) {
    let start = process.hrtime.bigint()
    const challenge = await newCaptchaChallenge(BENCH_COMPLEXITY)
    const issued = ms(start)
    const payload = await solvedPayload(challenge)
    start = process.hrtime.bigint()
    await verifyCaptcha(payload)
    const verified = ms(start)
    // The first ones warm up the JIT and read the key from the database.
    if (i < 20) continue
    issue.push(issued)
    verify.push(verified)
  }
  return {
    issueMs: distribution(issue),
    verifyMs: distribution(verify),
    nodeSolve: await measureNodeSolve(complexity, solves),
  }
}

/** `count` solved challenges fetched from a running server, for a load of posts that each need one. */
export async function solvedFromServer(baseUrl: string, count: number): Promise<string[]> {
  const payloads: string[] = []
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${baseUrl}/api/captcha`)
    if (res.status !== 200) throw new Error(`GET /api/captcha answered ${res.status}`)
    payloads.push(await solvedPayload((await res.json()) as Challenge))
  }
  return payloads
}
