'use client'
// The posting forms' captcha. On a board that asks for one, the form renders the ALTCHA widget and calls start()
// when the visitor starts typing, so the proof of work runs in Web Workers while they write; solution() waits for
// it at submit. A solution posts once: renew() fetches a new challenge after every attempt. Staff are exempt (the
// server checks their session); if the server asks anyway (a session ended), the widget comes back.
import { useCallback, useEffect, useRef, useState } from 'react'
import { useAdminUser } from './admin-user'
import { errorBodyOf } from './api'
import { loadCaptchaWidget } from './captcha-loader'

/** The widget element's methods the forms use. */
export interface CaptchaElement extends HTMLElement {
  verify(): Promise<{ payload: string } | null>
  reset(): void
}

/** The browser could not solve a challenge (fetch refused, solver failed): the post is not sent without one. */
export class CaptchaUnsolvedError extends Error {
  constructor() {
    super('The anti-spam check could not be completed. Please try again.')
  }
}

function widgetReady(el: CaptchaElement): Promise<void> {
  if (typeof el.verify === 'function') return Promise.resolve()
  return new Promise((resolve) => el.addEventListener('load', () => resolve(), { once: true }))
}

export interface Captcha {
  /** True when this form must send a solution. */
  active: boolean
  /** The ref callback of the widget element. */
  bind(el: HTMLElement | null): void
  /** Starts solving (once) in the background. */
  start(): void
  /**
   * The solution to send, waiting for the solver if needed; null when none is needed. Throws CaptchaUnsolvedError
   * when one is needed and the browser could not find it, so no file is uploaded for a certain refusal.
   */
  solution(): Promise<string | null>
  /** Forgets the used solution; the next start() solves a new challenge. */
  renew(): void
  /**
   * After a failed attempt: a solution posts once, so the next attempt solves a new challenge, starting now; when the
   * server refused for want of a captcha, the widget shows even to a visitor who thinks they are staff.
   */
  failed(err: unknown): void
}

export function useCaptcha(required: boolean): Captcha {
  const staff = useAdminUser()
  const [demandedAnyway, setDemanded] = useState(false)
  const active = required && (!staff || demandedAnyway)
  const widget = useRef<CaptchaElement | null>(null)
  const pending = useRef<Promise<string | null> | null>(null)

  useEffect(() => {
    if (active) void loadCaptchaWidget()
  }, [active])

  const bind = useCallback((el: HTMLElement | null) => {
    widget.current = el as CaptchaElement | null
    // An expired challenge (ten minutes) is no use: the next attempt solves a new one.
    el?.addEventListener('expired', () => (pending.current = null))
  }, [])

  const solve = useCallback((): Promise<string | null> => {
    if (!active) return Promise.resolve(null)
    if (!pending.current) {
      const solving = (async () => {
        await loadCaptchaWidget()
        await customElements.whenDefined('altcha-widget')
        const el = widget.current
        if (!el) return null
        await widgetReady(el)
        return (await el.verify())?.payload ?? null
      })()
      pending.current = solving
      solving.then(
        (payload) => payload === null && pending.current === solving && (pending.current = null),
        () => pending.current === solving && (pending.current = null),
      )
    }
    return pending.current
  }, [active])

  const solution = useCallback(async (): Promise<string | null> => {
    const payload = await solve()
    if (active && payload === null) throw new CaptchaUnsolvedError()
    return payload
  }, [active, solve])

  const start = () => void solve().catch(() => undefined)
  const renew = () => {
    pending.current = null
    widget.current?.reset()
  }
  return {
    active,
    bind,
    start,
    solution,
    renew,
    failed: (err) => {
      if (errorBodyOf(err)?.error === 'Captcha required') setDemanded(true)
      renew()
      start()
    },
  }
}
