// The error catalogue: server error bodies → the messages shown to people. Used by
// the JavaScript forms and by the server actions behind the same forms without JavaScript.
import { ALLOWED_MEDIA_TEXT } from './media/content-types'
import { formatTimestamp } from './ui/relative-time'

export interface ErrorBody {
  error?: string
  message?: string
  details?: { field: string; message: string }[]
  ban?: { expires_at: string | null; reason: string }
  rangeban?: { type: string; value: string; expires_at: string | null; reason: string }
  /** Seconds until the limit allows another request (429). */
  retryAfter?: number
}

function until(expiresAt: string | null | undefined): string {
  return expiresAt ? ` until ${formatTimestamp(expiresAt)}` : ' permanently'
}

/** "12 minutes", "45 seconds", "2 hours": a wait in words, rounded up so nobody retries too early. */
export function waitInWords(seconds: number): string {
  const [n, unit] =
    seconds < 60
      ? [Math.max(1, Math.ceil(seconds)), 'second']
      : seconds < 3600
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour']
  return `${n} ${unit}${n === 1 ? '' : 's'}`
}

/** `doing` completes the rate-limit sentence: "Please wait 12 minutes before {doing}." */
export function messageFor(body: ErrorBody | null | undefined, fallback: string, doing = 'posting again'): string {
  switch (body?.error) {
    case 'Banned':
      return `You are banned from this board${until(body.ban?.expires_at)}. Reason: ${body.ban?.reason ?? ''}`
    case 'Rangebanned': {
      const r = body.rangeban
      const who =
        r?.type === 'country'
          ? `Your country (${r.value})`
          : r?.type === 'asn'
            ? `Your network (ASN ${r.value})`
            : r?.type === 'ip_range'
              ? `Your IP range (${r.value})`
              : `${r?.type ?? 'Your network'}`
      return `${who} is banned from this board${until(r?.expires_at)}. Reason: ${r?.reason ?? ''}`
    }
    case 'Post rejected':
      return body.message || "Your post was rejected by the site's filters."
    case 'Duplicate post':
      return body.message || 'This post repeats a recent one. Please write something new.'
    case 'File banned':
      return 'This file is not allowed on this site. Please choose another one.'
    case 'File too large':
      return 'The uploaded file is too large. Please choose a file smaller than 4MB.'
    case 'Invalid file type':
      return `Invalid file type. ${body.message ?? ALLOWED_MEDIA_TEXT}`
    case 'Rate limited':
      return typeof body.retryAfter === 'number'
        ? `You are posting too quickly. Please wait ${waitInWords(body.retryAfter)} before ${doing}.`
        : `You are posting too quickly. Please wait a moment before ${doing}.`
    case 'Captcha required':
      return 'Posting on this board needs JavaScript: your browser solves a short anti-spam puzzle before each post.'
    case 'Captcha invalid':
      return 'The anti-spam puzzle expired or was already used. A new one is being solved: please post again in a moment.'
    case 'Thread not found':
      return 'This thread no longer exists or has been deleted.'
    case 'Board not found':
      return 'This board does not exist.'
    case 'Content too long':
      return 'Your post content is too long. Please shorten it and try again.'
    case 'No content':
      return 'Please provide either text content or an image/video.'
    case 'Validation failed':
      return body?.details?.map((d) => d.message).join(' ') || fallback
    case undefined:
    case 'Internal error':
      return fallback
    default:
      return body?.error ?? fallback
  }
}
