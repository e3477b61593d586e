// The per-board captcha setting: off, only for creating threads, or for threads and replies alike.
export const CAPTCHA_MODES = ['off', 'threads', 'all'] as const
export type CaptchaMode = (typeof CAPTCHA_MODES)[number]

/** What a post creates: a new thread (its opening post) or a reply. */
export type PostKind = 'thread' | 'reply'

/** True when posting `kind` on a board with `mode` needs a solved captcha. */
export function captchaRequired(mode: CaptchaMode, kind: PostKind): boolean {
  return mode === 'all' || (mode === 'threads' && kind === 'thread')
}

/** The stored column's value as a mode; anything unknown (a row edited by hand) counts as off. */
export function toCaptchaMode(value: string): CaptchaMode {
  return (CAPTCHA_MODES as readonly string[]).includes(value) ? (value as CaptchaMode) : 'off'
}
