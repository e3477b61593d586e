'use client'
import 'altcha/altcha.css'
import type {} from 'altcha/types/react'
import { publicPaths } from '@/lib/client/api/paths'
import type { Captcha, CaptchaElement } from '@/lib/client/use-captcha'

/** The widget's settings: solving starts when the form calls it (the visitor typing), not on a click. */
const WIDGET_CONFIGURATION = JSON.stringify({ hideFooter: true, minDuration: 0 })

/**
 * The posting forms' captcha: ALTCHA's widget, which shows the proof of work solving and solved; without
 * JavaScript, the sentence that posting here needs it (the server refuses a post without a solution).
 */
export function CaptchaField({ required, captcha }: { required: boolean; captcha: Captcha }) {
  if (!required) return null
  return (
    <div className="space-y-1" data-testid="captcha">
      <noscript>
        <p className="rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900">
          Posting on this board needs JavaScript: your browser solves a short anti-spam puzzle before each post.
        </p>
      </noscript>
      {captcha.active && (
        <altcha-widget
          ref={(el: HTMLElement | null) => {
            captcha.widget.current = el as CaptchaElement | null
          }}
          challenge={publicPaths.captcha()}
          name="captcha"
          auto="off"
          configuration={WIDGET_CONFIGURATION}
        />
      )}
    </div>
  )
}
