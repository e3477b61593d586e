// IP address handling shared by bans, poster ids and statistics: IPv4-mapped IPv6 becomes
// IPv4, IPv6 is canonical compressed lowercase, and "the poster's /64" reduces IPv6 to its first 64 bits.
import ipaddr from 'ipaddr.js'

// Every request resolves its client address and the page cache's ban check keys it: parsing the same few
// addresses again and again was a measurable share of a cached page's CPU, so results are remembered (both
// functions are pure). The map is emptied when full rather than kept in LRU order: refilling is cheap. Only
// strings as long as an address are kept, so forged X-Forwarded-For values cannot fill memory.
const MEMO_LIMIT = 10_000
const MEMO_LENGTH = 64
const normalized = new Map<string, string | null>()
const keys = new Map<string, string>()

function remember<V>(memo: Map<string, V>, raw: string, value: V): V {
  if (raw.length > MEMO_LENGTH) return value
  if (memo.size >= MEMO_LIMIT) memo.clear()
  memo.set(raw, value)
  return value
}

export function normalizeIp(raw: string): string | null {
  const known = normalized.get(raw)
  return known !== undefined ? known : remember(normalized, raw, parseIp(raw))
}

function parseIp(raw: string): string | null {
  const value = raw
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '')
  if (!ipaddr.isValid(value)) return null
  const addr = ipaddr.parse(value)
  if (addr.kind() === 'ipv6') {
    const v6 = addr as ipaddr.IPv6
    return v6.isIPv4MappedAddress() ? v6.toIPv4Address().toString() : v6.toString()
  }
  // ipaddr accepts shorthand like "127.1"; only four-part dotted quads are addresses here.
  return ipaddr.IPv4.isValidFourPartDecimal(value) ? addr.toString() : null
}

/** IPv4 whole; IPv6 reduced to its /64 network, e.g. "2001:db8:1:2::/64". */
export function ipKey(ip: string): string {
  return keys.get(ip) ?? remember(keys, ip, keyOf(ip))
}

function keyOf(ip: string): string {
  const addr = ipaddr.parse(ip)
  if (addr.kind() === 'ipv4') return addr.toString()
  const bytes = (addr as ipaddr.IPv6).toByteArray().slice(0, 8).concat(new Array(8).fill(0))
  return `${ipaddr.fromByteArray(bytes).toString()}/64`
}

/** Whether an address lies in a CIDR range of its own family. */
export function ipInRange(ip: string, cidr: string): boolean {
  const addr = ipaddr.parse(ip)
  const [range, bits] = ipaddr.parseCIDR(cidr)
  return addr.kind() === range.kind() && addr.match(range, bits)
}
