import { FiltersPanel } from '@/components/admin/filters-panel'
import { staffPage, TitledPage } from '@/components/admin/page-staff'
import { listBoards } from '@/lib/boards/queries'
import { listFilters } from '@/lib/filters/manage'

export const metadata = { title: 'Filters' }

// /admin/filters – word filters checked against every new thread and reply (admin)
async function FiltersPage() {
  const [filters, boards] = await Promise.all([listFilters(), listBoards()])
  return (
    <TitledPage title="Word filters">
      <p className="text-sm text-slate-600">
        Every new thread and reply is checked against these rules after its fields are validated. A ban rule wins over a
        rejection, and a rejection over replacements. Staff are never banned by a filter.
      </p>
      <FiltersPanel initial={filters} boards={boards.map((b) => ({ id: b.id, name: b.name }))} />
    </TitledPage>
  )
}

export default staffPage('admin', FiltersPage)
