// Background work (statistics flushes, the ban index) logs its database failures here: an outage goes to the
// outage log, which writes one line per kind and interval; any other error is logged in full.
import { noteDbFault } from './fault-state'
import { databaseFaultOf } from './faults'
import { log } from '../log'

export function logDbFailure(context: string, err: unknown): void {
  const fault = databaseFaultOf(err)
  if (fault) noteDbFault(fault)
  else log.error(context, err)
}
