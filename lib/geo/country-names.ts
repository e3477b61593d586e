// Country names from the maintained ISO 3166 table (i18n-iso-countries), plus the two codes of contract 5.9.
import countries from 'i18n-iso-countries'
import en from 'i18n-iso-countries/langs/en.json'

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

/** All ISO 3166-1 alpha-2 codes with English names, sorted by name (range-ban country grid). */
export function allCountries(): { code: string; name: string }[] {
  return Object.entries(countries.getNames('en', { select: 'official' }))
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name))
}
