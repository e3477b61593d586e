'use client'
import 'altcha/altcha.css'
import type {} from 'altcha/types/react'
import { useSyncExternalStore } from 'react'
import { publicPaths } from '@/lib/client/api/paths'
import type { Captcha } from '@/lib/client/use-captcha'

/** The widget's settings: solving starts when the form calls it (the visitor typing), not on a click. */
const WIDGET_CONFIGURATION = JSON.stringify({ hideFooter: true, minDuration: 0 })

const noSubscription = () => () => {}

/** False in the server's HTML (what a browser without JavaScript keeps), true once the page runs in the browser. */
function useScripted(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}

/**
 * The posting forms' captcha: ALTCHA's widget, which shows the proof of work solving and solved. The server's HTML
 * says instead that posting here needs JavaScript (the server refuses a post without a solution); a browser that
 * runs the page replaces the sentence with the widget.
 */
export function CaptchaField({ required, captcha }: { required: boolean; captcha: Pick<Captcha, 'active' | 'bind'> }) {
  const { active, bind } = captcha
  const scripted = useScripted()
  if (!required) return null
  return (
    <div className="space-y-1" data-testid="captcha">
      {!scripted && (
        <p className="rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900">
          Posting on this board needs JavaScript: your browser solves a short anti-spam puzzle before each post.
        </p>
      )}
      {scripted && active && (
        <altcha-widget
          ref={bind}
          challenge={publicPaths.captcha()}
          name="captcha"
          auto="off"
          configuration={WIDGET_CONFIGURATION}
        />
      )}
    </div>
  )
}
