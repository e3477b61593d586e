import { describe, expect, it } from 'vitest'
import { parseRoom, roomsFor } from '@/lib/realtime/events'

describe('room names', () => {
  it('parses board and thread rooms', () => {
    expect(parseRoom('tech')).toEqual({ boardId: 'tech' })
    expect(parseRoom('tech-1042')).toEqual({ boardId: 'tech', threadId: 1042 })
  })

  it.each([
    '',
    'Tech',
    'tech-',
    'tech-0',
    'tech-01',
    'tech-1-2',
    'abcdefghijk',
    'tech-99999999999',
    'tech-2147483648',
    42,
    null,
  ])('refuses %j', (name) => expect(parseRoom(name)).toBeNull())
})

describe('roomsFor', () => {
  it('sends thread_created to the board room only', () => {
    expect(
      roomsFor({
        name: 'thread_created',
        payload: { threadId: 7, boardId: 'tech', postId: 9, topic: 't', createdAt: '' },
      }),
    ).toEqual(['tech'])
  })

  it('sends thread events to the board and thread rooms', () => {
    expect(roomsFor({ name: 'thread_died', payload: { threadId: 7, boardId: 'tech', diedAt: '' } })).toEqual([
      'tech',
      'tech-7',
    ])
  })
})
