'use client'
import { createContext, useContext, useState, type ReactNode } from 'react'

/** The thread's "expand all images" switch; `seq` changes on every use, so each post follows the latest one. */
interface Expansion {
  all: boolean
  seq: number
}

const MediaExpansion = createContext<Expansion>({ all: false, seq: 0 })

/**
 * Whether an image shows in full: its own clicks, overridden by every later use of the thread's switch. Spoilers
 * are not opened by the switch: they show only when asked for one by one.
 */
export function useExpanded(applies: boolean): [boolean, (next: (open: boolean) => boolean) => void] {
  const expansion = useContext(MediaExpansion)
  const [open, setOpen] = useState(applies && expansion.all)
  // Adjusted during render when the switch changes, as React recommends for state that follows a prop.
  const [seenSeq, setSeenSeq] = useState(expansion.seq)
  if (seenSeq !== expansion.seq) {
    setSeenSeq(expansion.seq)
    if (applies) setOpen(expansion.all)
  }
  return [open, setOpen]
}

/** A thread's posts with the switch above them. */
export function MediaExpansionProvider({ children }: { children: (toggle: ReactNode) => ReactNode }) {
  const [state, setState] = useState<Expansion>({ all: false, seq: 0 })
  const toggle = (
    <button
      type="button"
      onClick={() => setState((s) => ({ all: !s.all, seq: s.seq + 1 }))}
      className="text-sm text-board-link hover:underline"
    >
      {state.all ? 'Collapse all images' : 'Expand all images'}
    </button>
  )
  return <MediaExpansion.Provider value={state}>{children(toggle)}</MediaExpansion.Provider>
}
