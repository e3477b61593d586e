'use client'
// A poll's code (its view, the vote form, results, correlations and their state: ≈ 3 KB gzipped) is fetched only
// by pages that show a poll; most threads have none. The server's post fragments draw polls at once with the
// module they import (components/thread/thread-posts-html.tsx hands it over here).
import { useEffect, useState } from 'react'
import type { SurveyViewProps } from './survey-view'

type SurveyViewModule = typeof import('./survey-view')

let loaded: SurveyViewModule | undefined
let loading: Promise<SurveyViewModule> | undefined

function load(): Promise<SurveyViewModule> {
  loading ??= import('./survey-view').then((m) => (loaded = m))
  return loading
}

/** For a renderer that must draw polls in one pass (the server's fragments): the module it imported itself. */
export function provideSurveyView(module: SurveyViewModule): void {
  loaded = module
}

/**
 * True once the poll's code is here; until then, when `needed`, it is fetched. The thread view keeps the server's
 * HTML of its list until then, so a poll never vanishes while the list is redrawn.
 */
export function useSurveyViewReady(needed: boolean): boolean {
  const [ready, setReady] = useState(() => !needed || loaded !== undefined)
  useEffect(() => {
    if (!ready) void load().then(() => setReady(true))
  }, [ready])
  return ready
}

/** The poll, drawn as soon as its code is here (at once on a page that waited for it, see useSurveyViewReady). */
export function SurveyViewOnDemand(props: SurveyViewProps) {
  const ready = useSurveyViewReady(true)
  return ready && loaded ? <loaded.SurveyView {...props} /> : null
}
