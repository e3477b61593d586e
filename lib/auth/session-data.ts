// What the staff session cookie holds and how long it lives, free of Next's request APIs so that the socket.io
// server (outside Next) can check a session too.
export const SESSION_TTL_SECONDS = 24 * 60 * 60

export interface SessionData {
  csrfToken?: string
  userId?: number
  loginAt?: number
  generation?: number
}
