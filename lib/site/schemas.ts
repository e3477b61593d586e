// What an admin may set as the site's contact details: a paragraph of text and an optional link (a web address
// or an e-mail address). The link is shown as a real link, so only http(s) and e-mail addresses pass.
import { z } from 'zod'
import { CONTACT_LINK_MAX, CONTACT_TEXT_MAX } from '../limits'
import { codePoints, normalizeText } from '../text/normalize'

const EMAIL = /^[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[^\s@<>()"',;:]+$/

/** An e-mail address becomes a mailto: link; a web address must be absolute http(s). Empty means none. */
export function contactHref(link: string): string | null {
  if (!link) return null
  if (EMAIL.test(link)) return `mailto:${link}`
  try {
    const url = new URL(link)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}

export const ZContactSettings = z.object({
  text: z
    .string({ error: 'Contact text must be text' })
    .transform(normalizeText)
    .refine((v) => v.length > 0, 'Contact text is required')
    .refine((v) => codePoints(v) <= CONTACT_TEXT_MAX, `Contact text must be ${CONTACT_TEXT_MAX} characters or less`),
  link: z
    .string({ error: 'Contact link must be text' })
    .trim()
    .max(CONTACT_LINK_MAX, `Contact link must be ${CONTACT_LINK_MAX} characters or less`)
    .refine((v) => !v || contactHref(v) !== null, 'Contact link must be a web address (https://…) or an e-mail address')
    .default(''),
})

export type ContactSettings = z.infer<typeof ZContactSettings>
