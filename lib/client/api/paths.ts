// Every API address the browser calls, built in one place. Path segments are URL-encoded, so an id can never
// reach another route; query strings keep the order the server logs and caches them by.
const seg = (value: string | number) => encodeURIComponent(String(value))
const query = (params: Record<string, string | number>) =>
  `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`

const board = (boardId: string) => `/api/boards/${seg(boardId)}`
const thread = (boardId: string, threadId: number) => `${board(boardId)}/threads/${seg(threadId)}`
const post = (boardId: string, threadId: number, postId: number) => `${thread(boardId, threadId)}/posts/${seg(postId)}`
const survey = (boardId: string, surveyId: number) => `${board(boardId)}/surveys/${seg(surveyId)}`

/** Public routes: boards, threads, posts, polls, appeals and statistics. */
export const publicPaths = {
  appeal: (boardId: string, banId: number) => `${board(boardId)}/appeal/${seg(banId)}`,
  threads: (boardId: string) => `${board(boardId)}/threads`,
  thread,
  /** The thread's posts with their polls; `after` asks only for the posts newer than that id (0: none seen yet). */
  threadPosts: (boardId: string, threadId: number, after?: number) =>
    `${thread(boardId, threadId)}/posts${query(after ? { includeSurveys: 'true', after } : { includeSurveys: 'true' })}`,
  post,
  /** Reports of a post (the post id alone names it; the board must match). */
  postReports: (boardId: string, postId: number) => `${board(boardId)}/posts/${seg(postId)}/reports`,
  postSurvey: (boardId: string, threadId: number, postId: number) => `${post(boardId, threadId, postId)}/survey`,
  surveyResults: (boardId: string, surveyId: number) => `${survey(boardId, surveyId)}/results`,
  surveyCorrelations: (boardId: string, surveyId: number) => `${survey(boardId, surveyId)}/correlations`,
  surveyVote: (boardId: string, surveyId: number) => `${survey(boardId, surveyId)}/vote`,
  stats: () => '/api/stats',
  hourlyStats: (hours: number) => `/api/stats/hourly${query({ hours })}`,
  /** A proof-of-work challenge for the posting forms' captcha (the widget fetches it itself). */
  captcha: () => '/api/captcha',
}

/** Staff routes under /api/admin. */
export const staffPaths = {
  csrfToken: () => '/api/admin/csrf-token',
  login: () => '/api/admin/login',
  logout: () => '/api/admin/logout',
  boards: () => '/api/admin/boards',
  board: (boardId: string) => `/api/admin/boards/${seg(boardId)}`,
  contact: () => '/api/admin/settings/contact',
  sticky: (boardId: string, threadId: number) => `/api/admin/boards/${seg(boardId)}/threads/${seg(threadId)}/sticky`,
  bans: () => '/api/admin/bans',
  ban: (banId: number) => `/api/admin/bans/${seg(banId)}`,
  users: () => '/api/admin/users',
  user: (userId: number) => `/api/admin/users/${seg(userId)}`,
  rangeBans: () => '/api/admin/rangebans',
  rangeBan: (id: number) => `/api/admin/rangebans/${seg(id)}`,
  rangeBanStats: () => '/api/admin/rangebans/stats',
  post: (postId: number) => `/api/admin/posts/${seg(postId)}`,
  postColor: (postId: number) => `/api/admin/posts/${seg(postId)}/color`,
  postIp: (postId: number, boardId: string, threadId: number) =>
    `/api/admin/posts/${seg(postId)}/ip${query({ boardId, threadId })}`,
  ipHistory: (ip: string) => `/api/admin/ip-history/${seg(ip)}`,
  reports: (filters: { board?: string; category?: string } = {}) => {
    const given = Object.entries(filters).filter((e): e is [string, string] => Boolean(e[1]))
    return `/api/admin/reports${given.length ? query(Object.fromEntries(given)) : ''}`
  },
  reportCounts: () => '/api/admin/reports/counts',
  dismissReports: (postId: number) => `/api/admin/reports/${seg(postId)}/dismiss`,
  housekeepingStatus: () => '/api/admin/housekeeping/status',
  housekeepingRun: () => '/api/admin/housekeeping/run',
  filters: () => '/api/admin/filters',
  filter: (id: number) => `/api/admin/filters/${seg(id)}`,
  bannedFiles: () => '/api/admin/files',
  bannedFile: (id: number) => `/api/admin/files/${seg(id)}`,
}
