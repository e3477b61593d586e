// Whether the page render or server action in hand carries a valid staff session, read through Next's request
// scope. API route handlers ask their Request instead (isStaffRequest, lib/auth/session-cookie.ts): server.ts may
// call them outside Next, where that scope does not exist.
import { getSession } from './session'
import { currentStaff } from './staff'

export async function isStaffCaller(): Promise<boolean> {
  return (await currentStaff(await getSession())) !== null
}
