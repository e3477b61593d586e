// Which range ban applies to an address: country (skipped for LO and unknown), then ASN, then IP
// range; within a type the oldest ban first. Shared by the ban check and the in-memory ban index.
import { asnFor } from '../geo/asn'
import { countryCodeFor } from '../geo/country'
import { ipInRange } from '../net/ip'

export interface RangeBanLike {
  id: number
  banType: string
  banValue: string
}

const RANGE_ORDER = ['country', 'asn', 'ip_range'] as const

export async function findRangeBanHit<B extends RangeBanLike>(bans: B[], ip: string): Promise<B | null> {
  if (!bans.length) return null
  const sorted = [...bans].sort((a, b) => a.id - b.id)
  // Each fact about the client is looked up only when a ban of that type exists.
  const facts: { country?: string | null; asn?: string | null } = {}
  for (const type of RANGE_ORDER) {
    for (const ban of sorted.filter((b) => b.banType === type)) {
      let hit = false
      if (type === 'country') {
        facts.country ??= await countryCodeFor(ip)
        hit = facts.country !== null && facts.country !== 'LO' && facts.country === ban.banValue
      } else if (type === 'asn') {
        facts.asn ??= await asnFor(ip).then(
          (a) => (a === null ? null : String(a)),
          () => null,
        )
        hit = facts.asn === ban.banValue
      } else {
        hit = ipInRange(ip, ban.banValue)
      }
      if (hit) return ban
    }
  }
  return null
}
