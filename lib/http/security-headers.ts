// Headers every answer of the server carries (pages, API, media, the answers server.ts writes itself, socket.io's
// HTTP answers). server.ts sets them before anything else runs; a handler may still replace the policy.
import type { OutgoingHttpHeaders } from 'node:http'
import { getConfig } from '../config'
import { API_POLICY } from './content-security-policy'

/** Browser features no Corkboard page uses, denied to the page and to anything it embeds. */
const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()'
/** One year; browsers keep to HTTPS for the site's host once they have seen it over HTTPS. */
const HSTS = 'max-age=31536000'

/**
 * The headers for an answer to a request that arrived over HTTPS (`https`) or not. HSTS goes out whenever the
 * public origin is HTTPS, as browsers ignore it on plain-HTTP answers anyway. The Content-Security-Policy is
 * the strictest one (API_POLICY); pages replace it with theirs.
 */
export function securityHeaders(https: boolean): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {
    'content-security-policy': API_POLICY,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'same-origin',
    'permissions-policy': PERMISSIONS_POLICY,
  }
  if (https || getConfig().publicOrigin?.startsWith('https:')) headers['strict-transport-security'] = HSTS
  return headers
}
