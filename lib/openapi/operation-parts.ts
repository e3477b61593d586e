// Schemas and phrases the OpenAPI operation tables (operations-*.ts) share.
import { z } from 'zod'
import type { OperationDoc } from './types'
import { ZPost } from '../posts/responses'

export const message = (extra: z.ZodRawShape = {}) => z.object({ message: z.string(), ...extra })
export const int = () => z.number().int()

// Builders for the operation kinds the tables repeat: a list, a read of one, a create, a change, a removal.
/** A read answering `body`. */
export const reads = (summary: string, body: z.ZodType): OperationDoc => ({ summary, responses: { 200: body } })
/** A read answering `{ [key]: item[] }`. */
export const listOf = (summary: string, key: string, item: z.ZodType) =>
  reads(summary, z.object({ [key]: z.array(item) }))
/** A read answering `{ [key]: item }`. */
export const oneOf = (summary: string, key: string, item: z.ZodType) => reads(summary, z.object({ [key]: item }))
/** A create answering 201 `{ message, [key]: item }`; `conflict` names what answers 409. */
export const creates = (summary: string, key: string, item: z.ZodType, conflict: string): OperationDoc => ({
  summary,
  errors: { 409: conflict },
  responses: { 201: message({ [key]: item }) },
})
/** A change answering `{ message, [key]: item }`. */
export const changes = (summary: string, key: string, item: z.ZodType): OperationDoc => ({
  summary,
  responses: { 200: message({ [key]: item }) },
})
/** A removal answering `{ message }`. */
export const removes = (summary: string): OperationDoc => ({ summary, responses: { 200: message() } })

export const ZFilter = z.object({
  id: int(),
  pattern: z.string(),
  regex: z.boolean(),
  boards: z.array(z.string()),
  where: z.enum(['topic', 'content', 'both']),
  action: z.enum(['reject', 'replace', 'ban']),
  message: z.string(),
  replacement: z.string(),
  banDuration: z.string().nullable(),
  banReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string().nullable(),
})

export const ZAction = z.object({
  id: int(),
  action_type: z.string(),
  board_id: z.string().nullable(),
  thread_id: int().nullable(),
  post_id: int().nullable(),
  ban_id: int().nullable(),
  rangeban_id: int().nullable(),
  ip_address: z.string().nullable(),
  reason: z.string().nullable(),
  details: z.unknown().meta({ description: 'Action-specific details (JSON), or null' }),
  admin_user_id: int().nullable(),
  admin_username: z.string().nullable(),
  current_admin_username: z.string().nullable(),
  created_at: z.string(),
})

export const ZReportedPost = z.object({
  postId: int(),
  boardId: z.string(),
  threadId: int(),
  count: int(),
  categories: z.record(z.string(), int()).meta({ description: 'Open reports per category (illegal, rules, spam)' }),
  reasons: z.array(z.string()),
  firstReportedAt: z.string(),
  lastReportedAt: z.string(),
  reporterIps: z.array(z.string()).optional().meta({ description: 'Admins only' }),
  post: ZPost.extend({ thread_topic: z.string() }),
})

export const ZContact = z.object({ text: z.string(), link: z.string(), custom: z.boolean() })

export const ZHealthChecks = z.object({
  database: z.enum(['ok', 'error', 'full']),
  storage: z.enum(['ok', 'low', 'error']),
})

export const ZDeletionResult = message({
  deletedBy: z.enum(['owner', 'staff']),
  threadDeleted: z.boolean().optional(),
}).loose()

export const BOARD_SCOPE =
  'A staff user with assigned boards acts only on those (403 "Not authorized to moderate this board").'
export const PAGED = 'Paged with `limit` and `offset`; `total` counts the matching rows before paging.'
export const FOURCHAN = {
  description:
    'Cached by time: `Last-Modified`, `Cache-Control: no-cache`; `If-Modified-Since` answers 304. Any origin may read it.',
  headers: { 'Last-Modified': 'When the file last changed', 'Cache-Control': 'no-cache' },
}
export const NOT_MODIFIED = { description: 'Not modified since If-Modified-Since' }
