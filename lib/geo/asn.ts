// The autonomous system of an address, from the offline ASN table on npm (@ip-location-db/asn: sorted,
// non-overlapping ranges as numbers). Loaded on first use (about half a million ranges), then looked up by
// binary search. Only needed while ASN range bans exist.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import ipaddr from 'ipaddr.js'
import { processSingleton } from '../process-singleton'

interface V4Table {
  starts: Uint32Array
  ends: Uint32Array
  asns: Uint32Array
}
interface V6Table {
  starts: bigint[]
  ends: bigint[]
  asns: Uint32Array
}

async function csv(name: string): Promise<string[][]> {
  // Resolved at run time from the project root, as for the country database.
  const spec = ['@ip-location-db', 'asn', 'package.json'].join('/')
  const dir = path.dirname(createRequire(path.join(process.cwd(), 'package.json')).resolve(spec))
  const text = await readFile(path.join(dir, name), 'utf8')
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split(',', 3))
}

async function load() {
  const [r4, r6] = await Promise.all([csv('asn-ipv4-num.csv'), csv('asn-ipv6-num.csv')])
  const v4: V4Table = {
    starts: new Uint32Array(r4.length),
    ends: new Uint32Array(r4.length),
    asns: new Uint32Array(r4.length),
  }
  r4.forEach(([s, e, a], i) => {
    v4.starts[i] = Number(s)
    v4.ends[i] = Number(e)
    v4.asns[i] = Number(a)
  })
  const v6: V6Table = {
    starts: r6.map((r) => BigInt(r[0])),
    ends: r6.map((r) => BigInt(r[1])),
    asns: Uint32Array.from(r6, (r) => Number(r[2])),
  }
  return { v4, v6 }
}

function search<T extends number | bigint>(starts: ArrayLike<T>, ends: ArrayLike<T>, value: T): number {
  let lo = 0
  let hi = starts.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if (value < starts[mid]) hi = mid - 1
    else if (value > ends[mid]) lo = mid + 1
    else return mid
  }
  return -1
}

export async function asnFor(ip: string): Promise<number | null> {
  const tables = await processSingleton('asn', load)
  const addr = ipaddr.parse(ip)
  if (addr.kind() === 'ipv4') {
    const value = (addr as ipaddr.IPv4).octets.reduce((n, o) => n * 256 + o, 0)
    const i = search(tables.v4.starts, tables.v4.ends, value)
    return i < 0 ? null : tables.v4.asns[i]
  }
  const value = (addr as ipaddr.IPv6).toByteArray().reduce((n, b) => (n << 8n) | BigInt(b), 0n)
  const i = search(tables.v6.starts, tables.v6.ends, value)
  return i < 0 ? null : tables.v6.asns[i]
}
