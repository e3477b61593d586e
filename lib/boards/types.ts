// The public Board object, as the API returns it.
import { type CaptchaMode, toCaptchaMode } from '../captcha/modes'

/** A board page shows 1–100 threads (a board holds at most 100 live ones); 15 unless an admin sets otherwise. */
export const THREADS_PER_PAGE = { min: 1, max: 100, default: 15 } as const
export interface PublicBoard {
  id: string
  name: string
  description: string
  nsfw: boolean
  thread_ids_enabled: boolean
  country_flags_enabled: boolean
  /** Threads on each page of the board's index. */
  threads_per_page: number
  /** Whether posting asks for a proof-of-work captcha: off, for new threads, or for threads and replies. */
  captcha: CaptchaMode
}

export function toPublicBoard(b: {
  id: string
  name: string
  description: string
  nsfw: boolean
  threadIdsEnabled: boolean
  countryFlagsEnabled: boolean
  threadsPerPage: number
  captcha: string
}): PublicBoard {
  return {
    id: b.id,
    name: b.name,
    description: b.description,
    nsfw: b.nsfw,
    thread_ids_enabled: b.threadIdsEnabled,
    country_flags_enabled: b.countryFlagsEnabled,
    threads_per_page: b.threadsPerPage,
    captcha: toCaptchaMode(b.captcha),
  }
}
