// Country of a client address: "LO" for loopback, private and link-local ranges; "CF" for
// configured proxy/CDN ranges (the real visitor is hidden behind them); otherwise the offline GeoLite2 country
// database shipped on npm (@ip-location-db/geolite2-country-mmdb); null when the address is not found.
import { createRequire } from 'node:module'
import path from 'node:path'
import ipaddr from 'ipaddr.js'
import type { Reader, Response } from 'maxmind'
import { getConfig } from '../config'
import { log } from '../log'
import { processSingleton } from '../process-singleton'

const LOCAL_RANGES = [
  '127.0.0.0/8',
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '169.254.0.0/16',
  '::1/128',
  'fc00::/7',
  'fe80::/10',
].map((cidr) => ipaddr.parseCIDR(cidr))

function inRanges(ip: string, ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][]): boolean {
  const addr = ipaddr.parse(ip)
  return ranges.some(([range, bits]) => range.kind() === addr.kind() && addr.match(range, bits))
}

export const isLocalAddress = (ip: string) => inRanges(ip, LOCAL_RANGES)

type CountryRecord = { country_code?: string }

function reader(): Promise<Reader<Response>> {
  return processSingleton('geoip', async () => {
    const { default: maxmind } = await import('maxmind')
    // Resolved at run time from the project root: the bundler would otherwise turn a literal into a module id.
    const spec = ['@ip-location-db', 'geolite2-country-mmdb', 'package.json'].join('/')
    const pkg = createRequire(path.join(process.cwd(), 'package.json')).resolve(spec)
    return maxmind.open<Response>(path.join(path.dirname(pkg), 'geolite2-country.mmdb'))
  })
}

export async function countryCodeFor(ip: string): Promise<string | null> {
  if (isLocalAddress(ip)) return 'LO'
  if (inRanges(ip, getConfig().proxyCidrs)) return 'CF'
  try {
    // ip-location-db records are {country_code}, not MaxMind's nested GeoIP2 shape.
    return ((await reader()).get(ip) as CountryRecord | null)?.country_code?.toUpperCase() ?? null
  } catch (err) {
    log.error('geoip lookup failed', err)
    return null
  }
}
