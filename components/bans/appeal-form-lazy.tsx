'use client'
import { lazy, Suspense, type ComponentProps } from 'react'

// The ban screen is drawn in place of the board and thread pages, so any form it imports directly ships with those
// pages' JavaScript to every reader. Loaded apart, it reaches only the banned visitor (still rendered on the server:
// the form works before the chunk arrives). React.lazy as for the staff tools: next/dynamic adds its own runtime.
const AppealForm = lazy(() => import('./appeal-form').then((m) => ({ default: m.AppealForm })))

export function LazyAppealForm(props: ComponentProps<typeof AppealForm>) {
  return (
    <Suspense fallback={null}>
      <AppealForm {...props} />
    </Suspense>
  )
}
