// Staff pages: no session → the login page; too small a role → null, and the page shows 'Not authorized'.
import { redirect } from 'next/navigation'
import { getSession } from '../auth/session'
import { currentStaff, hasRole, type Staff } from '../auth/staff'
import type { Role } from '../staff/schemas'

export async function staffForPage(role: Role = 'janitor'): Promise<Staff | null> {
  const staff = await currentStaff(await getSession())
  if (!staff) redirect('/admin/login')
  return hasRole(staff, role) ? staff : null
}
