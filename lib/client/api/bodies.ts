// What the browser sends and gets back, per call. The server judges every body again; these types keep the
// screens and the client in step with the routes' answers.
import type { BanDto } from '@/lib/bans/types'
import type { ManagedBoard } from '@/lib/boards/manage'
import type { PublicBoard } from '@/lib/boards/types'
import type { HousekeepingResults } from '@/lib/housekeeping/run'
import type { HousekeepingStatus } from '@/lib/housekeeping/status'
import type { ipHistory } from '@/lib/moderation/actions'
import type { PostColor, PublicPost } from '@/lib/posts/types'
import type { RangeBanStats } from '@/lib/rangebans/manage'
import type { PublicRangeBan } from '@/lib/rangebans/types'
import type { RangeBanType } from '@/lib/rangebans/values'
import type { ReportCategory } from '@/lib/reports/categories'
import type { ReportedPost } from '@/lib/reports/queue'
import type { ContactSettings } from '@/lib/site/schemas'
import type { Role } from '@/lib/staff/schemas'
import type { AdminUser } from '@/lib/staff/types'
import type { Correlation, SurveyDto, SurveyResults, SurveyType, UserResponse } from '@/lib/surveys/types'
import type { PublicThread } from '@/lib/threads/types'

interface Message {
  message: string
}

// Visitors
export interface CreatedThread extends Message {
  threadId: number
  postId: number
  boardId: string
}
export interface CreatedPost extends Message {
  postId: number
  threadId: number
  boardId: string
}
export interface ThreadPosts {
  posts: PublicPost[]
  thread: PublicThread
}
export interface NewPoll {
  survey_type: SurveyType
  question: string
  options: string[]
}
export interface PostSurvey {
  survey: SurveyDto & { user_response: UserResponse | null }
}
export interface VoteAnswer extends Message {
  response: { response_id: number; survey_id: number; option_ids: number[]; is_update: boolean }
}
export type { Correlation, SurveyResults }

// Staff
export interface LoginAnswer extends Message {
  user: { id: number; username: string; email: string; role: Role; boards: string[] }
  csrfToken: string
}
export type BoardSettings = Pick<
  ManagedBoard,
  'name' | 'description' | 'nsfw' | 'thread_ids_enabled' | 'country_flags_enabled' | 'threads_per_page' | 'captcha'
>
/** A new board: the public board's fields, its page size left to the default and its captcha to CAPTCHA_DEFAULT. */
export type NewBoard = Omit<PublicBoard, 'threads_per_page' | 'captcha'> & Partial<Pick<PublicBoard, 'captcha'>>
export interface BoardAnswer extends Message {
  board: ManagedBoard
}
export interface ContactAnswer extends Message {
  contact: ContactSettings & { custom: boolean }
}
export interface NewBan {
  ip_address: string
  board_id: string | null
  reason: string
  expires_at: string | null
  thread_id: number | string | null | undefined
  post_id: number | string | null | undefined
  post_content: string | null
  post_image_url: string | null
}
export interface BanChange {
  is_active?: boolean
  appeal_status?: 'approved' | 'denied'
  reason?: string
}
export interface BanAnswer extends Message {
  ban: BanDto
}
export interface UserFields {
  username: string
  email: string
  role: string
  boards: string[]
  password?: string
}
export interface UserAnswer extends Message {
  user: AdminUser
}
export interface NewRangeBan {
  ban_type: RangeBanType
  ban_value: string
  board_id: string | null
  reason: string
  expires_at: string | null
}
export interface PostRef {
  boardId: string
  threadId: number
  postId: number
}
export interface PostIp {
  ip_address: string
  post_content: string
  image_url: string | null
  deleted: boolean
}
export type IpHistory = Awaited<ReturnType<typeof ipHistory>>
export type { HousekeepingResults, HousekeepingStatus, PostColor, PublicRangeBan, RangeBanStats }

export interface NewReport {
  category: ReportCategory
  reason?: string
}
export type { ReportCategory, ReportedPost }
