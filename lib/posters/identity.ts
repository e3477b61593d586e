// Anonymous identities, all keyed hashes of the server's POSTER_ID_SECRET. Each use
// derives its own sub-key, so a value from one can never be replayed as another.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { getConfig } from '../config'
import { ipKey } from '../net/ip'

export const POSTER_COOKIE = 'cb_poster'
const POSTER_KEY = /^[A-Za-z0-9_-]{43}$/

// Derived once per secret and purpose: every post hashes with one or two of them.
const subKeys = new Map<string, Buffer>()

function subKey(purpose: string): Buffer {
  const secret = getConfig().posterIdSecret
  const id = `${purpose}\0${secret}`
  let key = subKeys.get(id)
  if (!key) {
    key = createHmac('sha256', secret).update(`corkboard:${purpose}`).digest()
    subKeys.set(id, key)
  }
  return key
}

const hmacHex = (purpose: string, message: string) =>
  createHmac('sha256', subKey(purpose)).update(message).digest('hex')

/** A well-formed poster key: 256 bits in base64url. Anything else a client sends is ignored. */
export const isPosterKey = (value: string) => POSTER_KEY.test(value)

/** A new 256-bit poster key, for a caller that has none (to be set on the response). */
export const newPosterKey = () => randomBytes(32).toString('base64url')

export const ownerKeyHash = (posterKey: string) => hmacHex('owner', posterKey)

/** Whether the caller's poster key (null: it has none) is the one a post was made with. */
export function isOwner(posterKey: string | null, storedHash: string): boolean {
  if (!posterKey || !isPosterKey(posterKey)) return false
  const a = Buffer.from(ownerKeyHash(posterKey), 'hex')
  const b = Buffer.from(storedHash, 'hex')
  return a.length === b.length && timingSafeEqual(a, b)
}

/** The per-thread poster id: first 8 hex chars of HMAC(thread-id key, "{threadId}:{IP or /64}"). */
export const threadUserId = (threadId: number, ip: string) =>
  hmacHex('thread-id', `${threadId}:${ipKey(ip)}`).slice(0, 8)

/** One vote per voter per poll: the voter is the client's IP or IPv6 /64, never stored raw. */
export const voterHash = (ip: string) => hmacHex('voter', ipKey(ip))

/** One report per post per reporter: the client's IP or IPv6 /64, never compared raw. */
export const reporterHash = (ip: string) => hmacHex('reporter', ipKey(ip))
