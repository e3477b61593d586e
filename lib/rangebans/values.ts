// Normalised range-ban values: a country code (known ISO code or CF; LO is refused), a bare AS
// number, or a CIDR range with host bits zeroed and a prefix of at least /8 (IPv4) or /16 (IPv6).
import ipaddr from 'ipaddr.js'
import { ValidationError } from '../errors'
import { isKnownCountryCode } from '../geo/country-names'

export type RangeBanType = 'country' | 'asn' | 'ip_range'
export const RANGE_BAN_TYPES: readonly RangeBanType[] = ['country', 'asn', 'ip_range']

const bad = (message: string) => ValidationError.field('ban_value', message)

export function normalizeBanValue(type: RangeBanType, raw: unknown): string {
  const value = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : ''
  if (!value) throw ValidationError.field('ban_value', 'Ban value is required')
  if (type === 'country') {
    const code = value.toUpperCase()
    if (!/^[A-Z]{2}$/.test(code) || code === 'LO' || (code !== 'CF' && !isKnownCountryCode(code)))
      throw bad('Invalid country code')
    return code
  }
  if (type === 'asn') {
    const m = /^(?:AS)?([1-9][0-9]{0,9})$/i.exec(value)
    if (!m || Number(m[1]) > 4294967295) throw bad('Invalid AS number (use AS12345 or 12345)')
    return m[1]
  }
  try {
    const [addr, bits] = value.includes('/')
      ? ipaddr.parseCIDR(value)
      : [ipaddr.parse(value), ipaddr.parse(value).kind() === 'ipv4' ? 32 : 128]
    const v4 = addr.kind() === 'ipv4'
    if (bits < (v4 ? 8 : 16)) throw bad(`The range must be at least /${v4 ? 8 : 16}`)
    const network = v4
      ? ipaddr.IPv4.networkAddressFromCIDR(`${addr}/${bits}`)
      : ipaddr.IPv6.networkAddressFromCIDR(`${addr}/${bits}`)
    return `${network.toString()}/${bits}`
  } catch (err) {
    if (err instanceof ValidationError) throw err
    throw bad('Invalid IP range (use a CIDR range such as 203.0.113.0/24)')
  }
}

/** The message the server would give for a value, or null when it is acceptable (the create modal checks first). */
export function banValueProblem(type: RangeBanType, raw: unknown): string | null {
  try {
    normalizeBanValue(type, raw)
    return null
  } catch (err) {
    if (err instanceof ValidationError) return err.details[0]?.message ?? 'Invalid ban value'
    throw err
  }
}
