import { notFound, redirect } from 'next/navigation'
import { isNumericId, type PageParams } from '@/lib/http/params'
import { locatePost } from '@/lib/posts/locate'

export const dynamic = 'force-dynamic'

// /post/{id} – resolves a >>reference to a post in another thread: /board/{b}/thread/{t}#post-{id}
export default async function PostRedirect({ params }: PageParams<'postId'>) {
  const { postId } = await params
  const target = isNumericId(postId) ? await locatePost(Number(postId)) : null
  if (!target) notFound()
  redirect(target)
}
