'use client'
// False while the server renders and while the browser hydrates the server's HTML, true from the next render on
// (and at once for a component mounted later): for components that must first match the server's HTML, then draw
// what only the browser can.
import { useSyncExternalStore } from 'react'

const subscribeToNothing = () => () => {}

export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  )
