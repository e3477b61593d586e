// The client address: the TCP peer, or with TRUST_PROXY_HOPS = n the address n hops from the
// right of X-Forwarded-For. No other header is trusted. server.ts computes it once per request and passes it
// to Next in CLIENT_IP_HEADER, overwriting whatever a client sent under that name.
import { normalizeIp } from '../net/ip'

export const CLIENT_IP_HEADER = 'x-corkboard-client-ip'

/** The client identity server.ts gives the page cache's own renders: never rate-limited, never ban-checked. */
export const RENDER_IDENTITY = 'page-cache'

export function resolveClientIp(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedHops: number,
): string {
  const fallback = normalizeIp(peer ?? '') ?? '0.0.0.0'
  if (trustedHops <= 0) return fallback
  const chain = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  // With n trusted proxies, the last n entries were written by them; the one before is the client.
  const candidate = chain[chain.length - trustedHops]
  return (candidate && normalizeIp(candidate)) || fallback
}
