'use client'
// An open thread page counts as seen: the watcher marks its posts seen up to the newest shown whenever the tab is
// visible, so posts that arrive live while the reader looks at the thread never count as new, and those that arrive
// while the tab is hidden count until it is shown again.
import { useEffect } from 'react'
import { markWatchedSeen } from './watcher-store'

export function useWatchedSeen(boardId: string, threadId: number, lastId: number): void {
  useEffect(() => {
    const mark = () => {
      if (!document.hidden) markWatchedSeen(boardId, threadId, lastId)
    }
    mark()
    document.addEventListener('visibilitychange', mark)
    return () => document.removeEventListener('visibilitychange', mark)
  }, [boardId, threadId, lastId])
}
