import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import {
  BannedError,
  ConflictError,
  DatabaseFullError,
  DatabaseUnavailableError,
  DuplicatePostError,
  FileTooLargeError,
  ForbiddenError,
  InvalidFileTypeError,
  LoginRequiredError,
  NotFoundError,
  RateLimitedError,
  RequestTooLargeError,
  ValidationError,
} from '@/lib/errors'
import { errorResponse } from '@/lib/http/error-response'
import { log } from '@/lib/log'

async function answer(err: unknown) {
  const res = errorResponse(err)
  return { status: res.status, body: await res.json(), headers: res.headers }
}

describe('errorResponse', () => {
  it.each([
    [
      ValidationError.field('topic', 'Topic is required'),
      400,
      { error: 'Validation failed', details: [{ field: 'topic', message: 'Topic is required' }] },
    ],
    [
      ValidationError.field('content', 'Content must be 2000 characters or less', 'Content too long'),
      400,
      {
        error: 'Content too long',
        details: [{ field: 'content', message: 'Content must be 2000 characters or less' }],
      },
    ],
    [new LoginRequiredError(), 401, { error: 'Login required' }],
    [new ForbiddenError('Invalid CSRF token'), 403, { error: 'Invalid CSRF token' }],
    [
      new BannedError({ error: 'Banned', message: 'm', ban: { id: 1 } }),
      403,
      { error: 'Banned', message: 'm', ban: { id: 1 } },
    ],
    [new NotFoundError('Thread not found'), 404, { error: 'Thread not found' }],
    [new ConflictError('Post already has a survey attached'), 409, { error: 'Post already has a survey attached' }],
    [new DuplicatePostError('Say something new.'), 409, { error: 'Duplicate post', message: 'Say something new.' }],
    [new RequestTooLargeError(), 413, { error: 'Request too large' }],
    [
      new FileTooLargeError(4194304),
      413,
      { error: 'File too large', message: 'Files must be 4 MiB or smaller.', maxBytes: 4194304 },
    ],
    [
      new InvalidFileTypeError(),
      415,
      { error: 'Invalid file type', message: 'Only PNG, JPG, WebP, GIF, MP4, WebM and MP3 files are allowed.' },
    ],
    [
      new InvalidFileTypeError('Video is off here.'),
      415,
      { error: 'Invalid file type', message: 'Video is off here.' },
    ],
  ])('maps %o', async (err, status, body) => {
    const res = await answer(err)
    expect(res.status).toBe(status)
    expect(res.body).toEqual(body)
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('answers 429 with a whole-second Retry-After of at least 1', async () => {
    const res = await answer(new RateLimitedError(0.2))
    expect(res.status).toBe(429)
    expect(res.body).toEqual({ error: 'Rate limited', retryAfter: 1 })
    expect(res.headers.get('retry-after')).toBe('1')
  })

  it('reports every failing field of a zod error', async () => {
    const result = z.object({ a: z.string(), b: z.array(z.string().max(1)) }).safeParse({ b: ['xx'] })
    const res = await answer(result.error)
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('Validation failed')
    expect(res.body.details.map((d: { field: string }) => d.field)).toEqual(['a', 'b[0]'])
  })

  it('hides unexpected errors behind a request id', async () => {
    const logged = vi.spyOn(log, 'error').mockImplementation(() => {})
    const res = await answer(new Error('SQLITE_ERROR: no such table at /srv/app/lib/x.ts'))
    expect(res.status).toBe(500)
    expect(Object.keys(res.body).sort()).toEqual(['error', 'requestId'])
    expect(res.body.error).toBe('Internal error')
    expect(JSON.stringify(res.body)).not.toMatch(/SQLITE|\/srv/)
    expect(logged.mock.calls[0][0]).toContain(res.body.requestId)
    logged.mockRestore()
  })

  it('answers 503 with Retry-After when the database is unavailable, and 507 when its disk is full', async () => {
    const down = await answer(new DatabaseUnavailableError('server unreachable'))
    expect(down.status).toBe(503)
    expect(down.body).toEqual({ error: 'Service unavailable' })
    expect(Number(down.headers.get('retry-after'))).toBeGreaterThan(0)
    const full = await answer(new DatabaseFullError('SQLITE_FULL'))
    expect(full.status).toBe(507)
    expect(full.body).toEqual({ error: 'Storage full' })
  })
})
