// The change marks that the read API's kept thread-list entries are keyed by (lib/render/thread-changes.ts): each
// event naming a thread moves that thread's mark on and no other's; a lost relay moves every mark; events about
// nothing a thread shows move none.
import { describe, expect, it } from 'vitest'
import { publish } from '@/lib/events/bus'
import { threadChangeMark } from '@/lib/render/thread-changes'

const about = (threadId: number) => ({ threadId, boardId: 'tech' })

describe('thread change marks', () => {
  it('move on for the thread an event names, and only for it', () => {
    const [a, b] = [threadChangeMark(1), threadChangeMark(2)]
    publish({ name: 'post_color_changed', payload: { ...about(1), postId: 5, color: 'red' } })
    expect(threadChangeMark(1)).not.toBe(a)
    expect(threadChangeMark(2)).toBe(b)
    const afterColour = threadChangeMark(1)
    publish({ name: 'bans_changed', payload: about(1) })
    expect(threadChangeMark(1)).not.toBe(afterColour)
    const afterBan = threadChangeMark(1)
    publish({ name: 'survey_vote', payload: { ...about(1), surveyId: 1, postId: 5, totalResponses: 2 } })
    publish({ name: 'post_deleted', payload: { ...about(1), postId: 6, postCount: 4 } })
    expect(threadChangeMark(1)).not.toBe(afterBan)
    expect(threadChangeMark(2)).toBe(b)
  })

  it('stay for events about nothing a thread shows', () => {
    const [a, b] = [threadChangeMark(1), threadChangeMark(2)]
    publish({ name: 'board_updated', payload: { boardId: 'tech' } })
    publish({ name: 'reports_changed', payload: { boardId: 'tech' } })
    publish({ name: 'bans_changed', payload: { boardId: 'tech', threadId: null } })
    expect([threadChangeMark(1), threadChangeMark(2)]).toEqual([a, b])
  })

  it('all move on when events may have been missed, never back to a mark used before', () => {
    publish({ name: 'post_color_changed', payload: { ...about(3), postId: 9, color: 'blue' } })
    const before = [1, 2, 3, 4].map(threadChangeMark)
    publish({ name: 'events_missed', payload: {} })
    const after = [1, 2, 3, 4].map(threadChangeMark)
    for (let i = 0; i < 4; i++) expect(after[i]).toBeGreaterThan(Math.max(...before))
  })
})
