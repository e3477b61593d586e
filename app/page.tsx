import { BoardColumns } from '@/components/home/board-columns'
import { ButtonLink } from '@/components/ui/button-link'
import { Card } from '@/components/ui/card'
import { Logo } from '@/components/ui/logo'
import { listBoards } from '@/lib/boards/queries'
import type { PublicBoard } from '@/lib/boards/types'
import { log } from '@/lib/log'

export const dynamic = 'force-dynamic'

export default async function HomePage() {
  let boards: PublicBoard[] | null = null
  try {
    boards = await listBoards()
  } catch (err) {
    log.error('home: failed to load boards', err)
  }
  return (
    <div className="space-y-6">
      <Logo />
      {boards === null ? (
        <Card>
          <p role="alert" className="text-red-700">
            Failed to load boards. Please try again later.
          </p>
        </Card>
      ) : (
        <>
          <Card title="Boards">
            <BoardColumns boards={boards.filter((b) => !b.nsfw)} />
          </Card>
          <Card title="NSFW Boards">
            <BoardColumns boards={boards.filter((b) => b.nsfw)} />
          </Card>
        </>
      )}
      <footer className="space-y-3 text-center">
        <p className="text-slate-600">Select a board to view threads and posts</p>
        <nav className="flex justify-center gap-3">
          <ButtonLink href="/rules">Rules</ButtonLink>
          <ButtonLink href="/contact">Contact Us</ButtonLink>
          <ButtonLink href="/stats">Statistics</ButtonLink>
        </nav>
      </footer>
    </div>
  )
}
