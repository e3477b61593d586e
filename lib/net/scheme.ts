// The scheme a visitor reached the site with: https when this server's own socket is TLS, or, with
// TRUST_PROXY_HOPS = n, as the proxy n hops from the right of X-Forwarded-Proto says (the same rule as the
// client address). A client-sent X-Forwarded-Proto counts for nothing without trusted hops. server.ts computes it
// once per request and passes it to Next in SCHEME_HEADER, overwriting whatever a client sent under that name.
export const SCHEME_HEADER = 'x-corkboard-scheme'

export type Scheme = 'https' | 'http'

export function resolveScheme(
  encrypted: boolean,
  forwardedProto: string | string[] | undefined,
  trustedHops: number,
): Scheme {
  const own: Scheme = encrypted ? 'https' : 'http'
  if (trustedHops <= 0) return own
  const chain = (Array.isArray(forwardedProto) ? forwardedProto.join(',') : (forwardedProto ?? ''))
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
  if (!chain.length) return own
  // Proxies that append leave one entry each (the outermost trusted one wrote chain[len - n]); proxies that
  // overwrite leave a single entry, written by a trusted proxy.
  const candidate = chain[Math.max(0, chain.length - trustedHops)]
  return candidate === 'https' ? 'https' : candidate === 'http' ? 'http' : own
}

/** True when the request (as marked by server.ts) arrived over HTTPS. */
export function arrivedOverHttps(headers: { get(name: string): string | null }): boolean {
  return headers.get(SCHEME_HEADER) === 'https'
}
