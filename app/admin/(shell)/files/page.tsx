import { BannedFilesPanel } from '@/components/admin/banned-files-panel'
import { staffPage, TitledPage } from '@/components/admin/page-staff'
import { listBannedFiles } from '@/lib/banned-files/manage'

export const metadata = { title: 'Banned files' }

// /admin/files – files refused on every board, by digest and (images) by perceptual hash (moderator and up)
export default staffPage('moderator', async (staff) => {
  const files = await listBannedFiles()
  // Board-scoped moderators may lift only entries made from a post on their boards.
  const liftable = staff.role === 'admin' || staff.boards.length === 0 ? null : staff.boards
  return (
    <TitledPage title="Banned files">
      <p className="text-sm text-slate-600">
        Uploads of these files are refused on every board: the same bytes, or for images a resized or recompressed copy.
        Ban a file with “Ban File” in a post’s staff menu.
      </p>
      <BannedFilesPanel initial={files} liftableBoards={liftable} />
    </TitledPage>
  )
})
