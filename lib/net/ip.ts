// IP address handling shared by bans, poster ids and statistics: IPv4-mapped IPv6 becomes
// IPv4, IPv6 is canonical compressed lowercase, and "the poster's /64" reduces IPv6 to its first 64 bits.
import ipaddr from 'ipaddr.js'

export function normalizeIp(raw: string): string | null {
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
