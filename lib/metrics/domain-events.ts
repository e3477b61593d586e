// Counts the posts this process created, from the domain events it publishes (events relayed from other
// processes are theirs to count, so a sum over all processes is the site's total).
import { metrics } from './registry'
import { subscribe } from '../events/bus'

export function countDomainEvents(): () => void {
  return subscribe('notify', (event, { remote }) => {
    if (remote) return
    if (event.name === 'thread_created') metrics().postsCreated.inc({ kind: 'thread' })
    else if (event.name === 'post_created') metrics().postsCreated.inc({ kind: 'reply' })
  })
}
