// Country of a client address (contract 5.9). Loopback, private and link-local ranges are "LO".
import ipaddr from 'ipaddr.js'

const LOCAL_RANGES = ['127.0.0.0/8', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16', '::1/128', 'fc00::/7', 'fe80::/10']
  .map((cidr) => ipaddr.parseCIDR(cidr))

export function isLocalAddress(ip: string): boolean {
  const addr = ipaddr.parse(ip)
  return LOCAL_RANGES.some(([range, bits]) => range.kind() === addr.kind() && addr.match(range, bits))
}

/** "LO" for local networks; otherwise null until the offline GeoIP database is wired in (range-ban work). */
export function countryCodeFor(ip: string): string | null {
  return isLocalAddress(ip) ? 'LO' : null
}
