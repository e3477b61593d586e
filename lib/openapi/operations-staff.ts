// What the OpenAPI document says of the staff endpoints under /api/admin (role and CSRF come from the routes).
import { z } from 'zod'
import {
  message,
  int,
  listOf,
  reads,
  oneOf,
  creates,
  changes,
  removes,
  ZFilter,
  ZAction,
  ZReportedPost,
  ZContact,
  BOARD_SCOPE,
  PAGED,
} from './operation-parts'
import type { PathDocs } from './types'
import { ZBannedFile } from '../banned-files/responses'
import { ZBan, ZBanList } from '../bans/responses'
import { ZBoard, ZManagedBoard } from '../boards/responses'
import { ZPost } from '../posts/responses'
import { ZRangeBan, ZRangeBanStats } from '../rangebans/responses'
import { ZAdminUser, ZLoginUser } from '../staff/responses'
import { ZThread } from '../threads/responses'

export const STAFF_DOCS: PathDocs = {
  // Staff: session
  '/api/admin/csrf-token': {
    GET: {
      summary: "The session's CSRF token (a pre-login session is created if needed)",
      responses: {
        200: {
          description: 'OK',
          schema: z.object({ csrfToken: z.string() }),
          headers: { 'X-CSRF-Token': 'The same token' },
        },
      },
    },
  },
  '/api/admin/login': {
    POST: {
      summary: 'Log in with username and password',
      description:
        'The CSRF token (header or `_csrf` in the body) is checked before the credentials. Sets `cb_session`. ' +
        'Failed logins are limited (5 per 15 minutes per username and address).',
      csrf: 'required',
      errors: { 401: 'Invalid credentials' },
      responses: {
        200: {
          description: 'Logged in; `Set-Cookie: cb_session=…`',
          schema: message({ user: ZLoginUser, csrfToken: z.string() }),
        },
      },
    },
  },
  '/api/admin/logout': {
    GET: {
      summary: "End the caller's own session (no CSRF: it can only log the caller out)",
      responses: { 200: message() },
    },
    POST: { summary: "End the caller's own session", csrf: 'required', responses: { 200: message() } },
  },
  '/api/admin/me': { GET: oneOf('The logged-in staff user', 'user', ZAdminUser) },

  // Staff: moderation
  '/api/admin/bans': {
    GET: {
      summary: "Bans within the caller's board scope, newest first",
      description: `${PAGED} Filtering by appeal_status needs moderator or above. ${BOARD_SCOPE}`,
      responses: { 200: ZBanList },
    },
    POST: {
      summary: 'Ban an address',
      description: `Janitors and moderators ban on one board for at most 30 days; admins also globally and permanently. ${BOARD_SCOPE}`,
      responses: { 201: message({ ban: ZBan }) },
    },
  },
  '/api/admin/bans/{id}': {
    GET: {
      summary: 'One ban (appeal text for moderators and admins)',
      description: BOARD_SCOPE,
      responses: { 200: z.object({ ban: ZBan }) },
    },
    PUT: {
      summary: 'Decide an appeal, lift the ban or change its expiry',
      description: `The ban's 404 and 403 come before the body's 400. ${BOARD_SCOPE}`,
      errors: { 409: 'No pending appeal; Ban is not active; Create a new ban instead' },
      responses: { 200: message({ ban: ZBan }) },
    },
  },
  '/api/admin/posts/{postId}': {
    DELETE: {
      summary: 'Delete a post (an opening post takes its thread along)',
      description: BOARD_SCOPE,
      responses: {
        200: message({
          ipAddress: z.string().nullable(),
          postContent: z.string().nullable(),
          imageUrl: z.string().nullable(),
          threadDeleted: z.boolean(),
        }),
      },
    },
  },
  '/api/admin/posts/{postId}/ip': {
    GET: {
      ...reads(
        "The poster's address (the lookup is logged)",
        z.object({
          ip_address: z.string(),
          post_content: z.string().nullable(),
          image_url: z.string().nullable(),
          deleted: z.boolean(),
        }),
      ),
      description: BOARD_SCOPE,
    },
  },
  '/api/admin/posts/{postId}/color': {
    PUT: {
      summary: "Change a post's colour",
      description: `The board scope's 403 comes before a bad colour's 400. ${BOARD_SCOPE}`,
      errors: { 409: 'Cannot change colors in archived threads' },
      responses: { 200: message({ post: ZPost }) },
    },
  },
  '/api/admin/boards/{boardId}/threads/{threadId}/sticky': {
    PUT: {
      summary: 'Make a thread sticky',
      errors: { 409: 'Thread is already sticky; Cannot change sticky status of archived threads' },
      description: BOARD_SCOPE,
      responses: { 200: message({ thread: ZThread }) },
    },
    DELETE: {
      summary: 'Remove sticky (re-applies the thread cap)',
      errors: { 409: 'Thread is not sticky; Cannot change sticky status of archived threads' },
      description: BOARD_SCOPE,
      responses: { 200: message({ thread: ZThread }) },
    },
  },
  '/api/admin/reports': {
    GET: {
      summary: 'Open reports grouped by post',
      description: `Posts with an illegal report first, then the most reported, then the most recent. A \`board\` outside the caller's boards is 403. ${BOARD_SCOPE}`,
      responses: { 200: z.object({ reports: z.array(ZReportedPost) }) },
    },
  },
  '/api/admin/reports/counts': {
    GET: {
      summary: "Open reports per board, on the caller's boards",
      responses: { 200: z.object({ counts: z.record(z.string(), int()) }) },
    },
  },
  '/api/admin/reports/{postId}/dismiss': {
    POST: {
      summary: "Dismiss a post's open reports (logged)",
      description: BOARD_SCOPE,
      responses: { 200: message({ dismissed: int() }) },
    },
  },
  '/api/admin/actions': {
    GET: {
      summary: 'The moderation log, filtered and paged, newest first',
      description: `${PAGED} ${BOARD_SCOPE}`,
      responses: { 200: z.object({ actions: z.array(ZAction), total: int(), limit: int(), offset: int() }) },
    },
  },
  '/api/admin/actions/stats': {
    GET: {
      summary: 'Action counts by type, staff member, board and UTC day (moderators and admins)',
      errors: { 403: 'janitors ("Not authorized to view statistics")' },
      responses: {
        200: z.object({
          stats: z
            .object({
              total: int(),
              byActionType: z.array(z.object({ action_type: z.string(), count: int() }).loose()),
            })
            .loose(),
        }),
      },
    },
  },
  '/api/admin/ip-history/{ip}': {
    GET: {
      summary: 'Everything staff did about one address: a summary and the filtered actions',
      description: `${PAGED} The path segment is the address, URL-encoded (IPv6 colons as %3A).`,
      errors: { 400: 'Invalid IP address, or a bad filter' },
      responses: {
        200: z
          .object({
            ip_address: z.string(),
            summary: z.object({ ip_address: z.string(), total_actions: int() }).loose(),
            actions: z.array(ZAction),
            total: int(),
          })
          .loose(),
      },
    },
  },

  // Staff: administration
  '/api/admin/boards': {
    GET: listOf('Every board with its settings and live thread count', 'boards', ZManagedBoard),
    POST: creates('Create a board', 'board', ZBoard, 'Board already exists'),
  },
  '/api/admin/boards/{boardId}': {
    PUT: changes("Change a board's settings", 'board', ZBoard),
    PATCH: changes("Change a board's settings (the same as PUT)", 'board', ZBoard),
  },
  '/api/admin/users': {
    GET: listOf('Every staff account', 'users', ZAdminUser),
    POST: creates('Create a staff account', 'user', ZAdminUser, 'Username or email already exists'),
  },
  '/api/admin/users/{id}': {
    GET: oneOf('One staff account', 'user', ZAdminUser),
    PUT: {
      ...changes("Change a staff account's username, email, password, role, boards or active flag", 'user', ZAdminUser),
      description: 'Deactivating a user or changing the password ends their sessions.',
      errors: { 409: 'Username or email already exists; At least one active admin is required' },
    },
  },
  '/api/admin/rangebans': {
    GET: listOf("Range bans in force (with boardId: that board's and the global ones)", 'rangebans', ZRangeBan),
    POST: creates(
      'Ban a country, an AS number or an IP range',
      'rangeban',
      ZRangeBan,
      'Active rangeban already exists for this value',
    ),
  },
  '/api/admin/rangebans/{id}': { DELETE: removes('Lift a range ban (kept in the record, marked removed)') },
  '/api/admin/rangebans/stats': {
    GET: oneOf('Range ban counts by type and the most banned countries', 'stats', ZRangeBanStats),
  },
  '/api/admin/filters': {
    GET: listOf('Every word filter, oldest first', 'filters', ZFilter),
    POST: creates(
      'Add a word filter; new posts are checked against it at once',
      'filter',
      ZFilter,
      'At most 1000 filters',
    ),
  },
  '/api/admin/filters/{id}': {
    PUT: changes('Replace a word filter with the rule sent', 'filter', ZFilter),
    DELETE: removes('Remove a word filter'),
  },
  '/api/admin/files': {
    GET: listOf('The banned-file list, newest first (it applies to every board)', 'files', ZBannedFile),
    POST: {
      summary: "Ban a post's file by SHA-256 and perceptual hash",
      description:
        'Board-scoped moderators only from posts on their boards. `deletePosts` deletes every post carrying the same ' +
        "file (on the caller's boards); `banPoster` (admins only) bans whoever uploads the same bytes again, on every board. Uploads of the file, or of an image " +
        'within a small perceptual distance, then answer 403 `File banned`.',
      errors: { 409: 'File already banned; At most N banned files' },
      responses: { 201: message({ file: ZBannedFile, deletedPosts: z.number().int() }) },
    },
  },
  '/api/admin/files/{id}': {
    DELETE: removes('Lift a file ban (board-scoped staff: entries made from their boards)'),
  },
  '/api/admin/settings/contact': {
    GET: oneOf('The contact text and link shown on /contact', 'contact', ZContact),
    PUT: changes('Replace the contact text and link', 'contact', ZContact),
  },
  '/api/admin/housekeeping/run': {
    POST: {
      summary: 'Run housekeeping now',
      errors: { 409: 'Another run is in progress' },
      responses: {
        200: message({
          results: z
            .object({ timestamp: z.string(), totalDuration: z.number(), tasks: z.record(z.string(), z.unknown()) })
            .loose(),
        }),
      },
    },
  },
  '/api/admin/housekeeping/status': {
    GET: {
      summary: 'Housekeeping schedule, run in progress, last run',
      responses: {
        200: z.object({
          status: z.object({ initialized: z.literal(true), jobs: z.record(z.string(), z.unknown()) }).loose(),
        }),
      },
    },
  },
}
