// Which thread an opening post numbers, remembered when a file is rendered: the page cache names a thread file's
// thread by it (so a change elsewhere on the board leaves it alone) without asking the database. A post id is
// never reused and never changes thread, so an entry never goes stale.
import { LRUCache } from 'lru-cache'
import { processSingleton } from '../process-singleton'

export interface NumberedThread {
  threadId: number
  boardId: string
}

const numbers = () =>
  processSingleton('fourchan-thread-numbers', () => new LRUCache<number, NumberedThread>({ max: 50_000 }))

export function rememberThread(opNo: number, thread: NumberedThread): void {
  numbers().set(opNo, thread)
}

export function threadOfNumber(opNo: number): NumberedThread | undefined {
  return numbers().get(opNo)
}
