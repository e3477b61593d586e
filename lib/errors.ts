// Domain errors. Domain code throws these; lib/http/error-response.ts is the only place that turns them into
// HTTP statuses and the API's error bodies: `{ error }` naming the failure, plus `details` (one entry per field) for validation.

export interface FieldIssue {
  field: string
  message: string
  [extra: string]: unknown
}

export abstract class DomainError extends Error {}

/** 400. `name` is "Validation failed" unless a named variant applies ("Content too long", "No content", …). */
export class ValidationError extends DomainError {
  constructor(
    readonly details: FieldIssue[],
    readonly errorName = 'Validation failed',
  ) {
    super(errorName)
  }
  static field(field: string, message: string, errorName?: string): ValidationError {
    return new ValidationError([{ field, message }], errorName)
  }
}

/** 400 for a post a word filter refuses; the message is the one the rule's admin wrote for posters. */
export class PostRejectedError extends DomainError {
  constructor(readonly posterMessage: string) {
    super('Post rejected')
  }
}

/** 401: no valid staff session ("Login required"), or failed credentials ("Invalid credentials"). */
export class LoginRequiredError extends DomainError {
  constructor(message = 'Login required') {
    super(message)
  }
}

/** 403 with a sentence ("Moderator privileges required", "Invalid CSRF token", …). */
export class ForbiddenError extends DomainError {}

/** 403 for personal and range bans; the body is built by lib/bans. */
export class BannedError extends DomainError {
  constructor(readonly body: { error: 'Banned' | 'Rangebanned'; message: string; [k: string]: unknown }) {
    super(body.error)
  }
}

/** 404. The message is the resource's not-found error, e.g. "Board not found". */
export class NotFoundError extends DomainError {}

/** 409 with a sentence. */
export class ConflictError extends DomainError {}

/** 409 for a post that repeats a recent one (lib/duplicates); `posterMessage` says which rule and its window. */
export class DuplicatePostError extends DomainError {
  constructor(readonly posterMessage: string) {
    super('Duplicate post')
  }
}

/** 413 for JSON bodies over 64 KiB. */
export class RequestTooLargeError extends DomainError {
  constructor() {
    super('Request too large')
  }
}

/** 413 for uploads over 4 MiB. */
export class FileTooLargeError extends DomainError {
  constructor(readonly maxBytes: number) {
    super('File too large')
  }
}

/** 415 for uploads that are not an allowed media type (or not one this server can check); `detail` replaces the
 *  default message when a clearer one applies. */
export class InvalidFileTypeError extends DomainError {
  constructor(readonly detail?: string) {
    super('Invalid file type')
  }
}

/** 429. */
export class RateLimitedError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super('Rate limited')
  }
}

/** 507: the media disk (or quota) is full; the upload was not stored. */
export class StorageFullError extends DomainError {
  constructor() {
    super('Storage full')
  }
}

/** 503: media storage cannot be written right now (permissions, I/O error, object storage down or slow). */
export class StorageUnavailableError extends DomainError {
  constructor(readonly retryAfterSeconds = 30) {
    super('Storage unavailable')
  }
}

/** 503: the database cannot be reached or does not answer in time; the client may retry after a pause. */
export class DatabaseUnavailableError extends DomainError {
  constructor(
    readonly reason: string,
    readonly retryAfterSeconds = 5,
  ) {
    super('Service unavailable')
  }
}

/** 507: the database's disk is full, so a write failed (reads keep working). */
export class DatabaseFullError extends DomainError {
  constructor(readonly reason: string) {
    super('Storage full')
  }
}
