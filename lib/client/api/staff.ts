'use client'
// The staff calls, from the admin screens and the staff tools on visitor pages. The session cookie goes with
// every call; writes carry the CSRF token (see request.ts).
import type { BannedFileDto } from '@/lib/banned-files/manage'
import type { BanFileInput } from '@/lib/banned-files/schemas'
import type { FilterDto } from '@/lib/filters/manage'
import type { FilterRuleInput } from '@/lib/filters/schemas'
import type { ContactSettings } from '@/lib/site/schemas'
import type { AdminUser } from '@/lib/staff/types'
import type {
  BanAnswer,
  BanChange,
  BoardAnswer,
  BoardSettings,
  ContactAnswer,
  HousekeepingResults,
  HousekeepingStatus,
  IpHistory,
  LoginAnswer,
  NewBan,
  NewBoard,
  NewRangeBan,
  PostColor,
  PostIp,
  PostRef,
  PublicRangeBan,
  RangeBanStats,
  ReportedPost,
  UserAnswer,
  UserFields,
} from './bodies'
import { forgetCsrfToken, freshCsrfToken, rememberCsrfToken } from './csrf-token'
import { publicPaths, staffPaths as paths } from './paths'
import { request, type Method, type RequestOptions } from './request'

const staff = <T>(method: Method, url: string, options: Omit<RequestOptions, 'staff'> = {}) =>
  request<T>(method, url, { ...options, staff: true })
type Message = { message: string }

export const staffApi = {
  /** The pre-login token: login sends it in the header and in the body (`_csrf`). */
  loginToken: freshCsrfToken,
  async login(credentials: { username: string; password: string }, token: string): Promise<LoginAnswer> {
    const answer = await request<LoginAnswer>('POST', paths.login(), {
      body: { ...credentials, _csrf: token },
      headers: { 'X-CSRF-Token': token },
    })
    rememberCsrfToken(answer.csrfToken)
    return answer
  },
  async logout(): Promise<Message> {
    forgetCsrfToken()
    return request<Message>('GET', paths.logout())
  },

  createBoard: (board: NewBoard) => staff<BoardAnswer>('POST', paths.boards(), { body: board }),
  updateBoard: (boardId: string, settings: BoardSettings) =>
    staff<BoardAnswer>('PUT', paths.board(boardId), { body: settings }),
  updateContact: (contact: ContactSettings) => staff<ContactAnswer>('PUT', paths.contact(), { body: contact }),
  setSticky: (boardId: string, threadId: number, sticky: boolean) =>
    staff<Message>(sticky ? 'PUT' : 'DELETE', paths.sticky(boardId, threadId)),
  /** The public thread route, where staff must give a reason. */
  deleteThread: (boardId: string, threadId: number, reason: string) =>
    staff<Message>('DELETE', publicPaths.thread(boardId, threadId), { body: { reason } }),

  createBan: (ban: NewBan) => staff<BanAnswer>('POST', paths.bans(), { body: ban }),
  updateBan: (banId: number, change: BanChange) => staff<BanAnswer>('PUT', paths.ban(banId), { body: change }),

  users: () => staff<{ users: AdminUser[] }>('GET', paths.users()),
  createUser: (user: UserFields) => staff<UserAnswer>('POST', paths.users(), { body: user }),
  updateUser: (userId: number, fields: Partial<UserFields> & { is_active?: boolean }) =>
    staff<UserAnswer>('PUT', paths.user(userId), { body: fields }),

  rangeBans: () => staff<{ rangebans: PublicRangeBan[] }>('GET', paths.rangeBans()),
  rangeBanStats: () => staff<{ stats: RangeBanStats }>('GET', paths.rangeBanStats()),
  createRangeBan: (rangeban: NewRangeBan) =>
    staff<Message & { rangeban: PublicRangeBan }>('POST', paths.rangeBans(), { body: rangeban }),
  removeRangeBan: (id: number) => staff<Message>('DELETE', paths.rangeBan(id)),

  /** The poster's address (the lookup is audited). */
  postIp: ({ boardId, threadId, postId }: PostRef) => staff<PostIp>('GET', paths.postIp(postId, boardId, threadId)),
  ipHistory: (ip: string) => staff<IpHistory>('GET', paths.ipHistory(ip)),
  deletePost: ({ boardId, threadId, postId }: PostRef, reason: string) =>
    staff<Message>('DELETE', paths.post(postId), { body: { boardId, threadId, reason } }),
  recolorPost: ({ boardId, threadId, postId }: PostRef, color: PostColor) =>
    staff<Message>('PUT', paths.postColor(postId), { body: { boardId, threadId, color } }),

  reports: (filters: { board?: string; category?: string } = {}) =>
    staff<{ reports: ReportedPost[] }>('GET', paths.reports(filters)),
  reportCounts: () => staff<{ counts: Record<string, number> }>('GET', paths.reportCounts()),
  dismissReports: (postId: number) => staff<Message & { dismissed: number }>('POST', paths.dismissReports(postId)),

  housekeepingStatus: () => staff<{ status: HousekeepingStatus }>('GET', paths.housekeepingStatus()),
  runHousekeeping: () => staff<Message & { results: HousekeepingResults }>('POST', paths.housekeepingRun()),

  filters: () => staff<{ filters: FilterDto[] }>('GET', paths.filters()),
  createFilter: (rule: FilterRuleInput) =>
    staff<Message & { filter: FilterDto }>('POST', paths.filters(), { body: rule }),
  updateFilter: (id: number, rule: FilterRuleInput) =>
    staff<Message & { filter: FilterDto }>('PUT', paths.filter(id), { body: rule }),
  deleteFilter: (id: number) => staff<Message>('DELETE', paths.filter(id)),

  bannedFiles: () => staff<{ files: BannedFileDto[] }>('GET', paths.bannedFiles()),
  banFile: (ban: Partial<BanFileInput> & Pick<BanFileInput, 'postId' | 'reason'>) =>
    staff<Message & { file: BannedFileDto; deletedPosts: number }>('POST', paths.bannedFiles(), { body: ban }),
  unbanFile: (id: number) => staff<Message>('DELETE', paths.bannedFile(id)),
}
