// Whether the request in hand (a page render, a route handler, a server action) carries a valid staff session.
import { getSession } from './session'
import { currentStaff } from './staff'

export async function isStaffCaller(): Promise<boolean> {
  return (await currentStaff(await getSession())) !== null
}
