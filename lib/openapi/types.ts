// How an operation is documented beyond what its route declares. The request side (path parameters, query,
// JSON body, staff role, CSRF) is read from the handler route()/staffRoute() built; this adds the words and the
// answers.
import type { z } from 'zod'
import type { FourchanSchema } from './fourchan-schemas'

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
export type Method = (typeof METHODS)[number]

/** A success answer: a zod schema of its JSON body, or a fuller description. */
export type Answer =
  | z.ZodType
  | {
      description: string
      /** The JSON body; absent for answers without one (302, 304). */
      schema?: z.ZodType
      /** A 4chan-format body, described by its contract in lib/fourchan/contracts. */
      fourchan?: FourchanSchema
      headers?: Record<string, string>
    }

export interface OperationDoc {
  summary: string
  description?: string
  /** Success answers by status. */
  responses: Partial<Record<number, Answer>>
  /** Error answers beyond the ones the route's declaration implies, with what causes them. */
  errors?: Partial<Record<400 | 401 | 403 | 404 | 409 | 503, string>>
  /** The visitor's bans are checked: 403 may be the ban body. */
  banChecked?: boolean
  /** For a MULTIPART route: its form fields. */
  form?: z.ZodType
  /** Routes built with route() that still take the CSRF token: always, or only when staff (not a poster key) act. */
  csrf?: 'required' | 'staff'
  /** The poster key cookie proves ownership (deletion, attaching a poll). */
  posterKey?: boolean
  /** Exempt from the API rate limit (GET /api/health). */
  unlimited?: boolean
}

export type PathDocs = Record<string, Partial<Record<Method, OperationDoc>>>
