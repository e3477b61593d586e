// The visitor spec's error catalogue (section 8): server error bodies → the messages shown to people.
export interface ErrorBody {
  error?: string
  message?: string
  details?: { field: string; message: string }[]
  ban?: { expires_at: string | null; reason: string }
  rangeban?: { type: string; value: string; expires_at: string | null; reason: string }
}

function until(expiresAt: string | null | undefined): string {
  return expiresAt ? ` until ${new Date(expiresAt).toLocaleString()}` : ' permanently'
}

export function messageFor(body: ErrorBody | null | undefined, fallback: string): string {
  switch (body?.error) {
    case 'Banned':
      return `You are banned from this board${until(body.ban?.expires_at)}. Reason: ${body.ban?.reason ?? ''}`
    case 'Rangebanned': {
      const r = body.rangeban
      const who = r?.type === 'country' ? `Your country (${r.value})` : r?.type === 'asn' ? `Your network (ASN ${r.value})`
        : r?.type === 'ip_range' ? `Your IP range (${r.value})` : `${r?.type ?? 'Your network'}`
      return `${who} is banned from this board${until(r?.expires_at)}. Reason: ${r?.reason ?? ''}`
    }
    case 'File too large': return 'The uploaded file is too large. Please choose a file smaller than 4MB.'
    case 'Invalid file type': return 'Invalid file type. Only PNG, JPG, WebP, GIF, MP4, and WebM files are allowed.'
    case 'Rate limited': return 'You are posting too quickly. Please wait a moment before posting again.'
    case 'Thread not found': return 'This thread no longer exists or has been deleted.'
    case 'Board not found': return 'This board does not exist.'
    case 'Content too long': return 'Your post content is too long. Please shorten it and try again.'
    case 'No content': return 'Please provide either text content or an image/video.'
    case 'Validation failed': return body?.details?.map((d) => d.message).join(' ') || fallback
    case undefined: case 'Internal error': return fallback
    default: return body?.error ?? fallback
  }
}
