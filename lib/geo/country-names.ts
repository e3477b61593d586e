// Country names from the maintained ISO 3166 table (i18n-iso-countries), plus our own LO (local network) and CF (proxy/CDN).
import countries from 'i18n-iso-countries'
// The attribute lets Node's own loader read the table where server.ts's bundle leaves packages outside it.
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' }

countries.registerLocale(en)

const SPECIAL: Record<string, string> = { LO: 'Local Network', CF: 'Proxy / CDN' }

export function countryName(code: string | null | undefined): string {
  if (!code) return 'Unknown'
  const upper = code.toUpperCase()
  return SPECIAL[upper] ?? countries.getName(upper, 'en') ?? 'Unknown'
}

export function isKnownCountryCode(code: string): boolean {
  return countries.isValid(code.toUpperCase())
}

/**
 * Every ISO country for the range-ban grid, by name; CF (shared by proxies/CDNs and the Central African Republic)
 * first, under the name the rest of the app gives it.
 */
export function allCountries(): { code: string; name: string }[] {
  const byName = Object.entries(countries.getNames('en', { select: 'official' }))
    .filter(([code]) => code !== 'CF')
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name))
  return [{ code: 'CF', name: countryName('CF') }, ...byName]
}
