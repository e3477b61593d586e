// The public Post object, as the API returns it. No IP address or owner hash ever appears here.
export type PostColor = 'black' | 'red' | 'orange' | 'yellow' | 'green' | 'blue' | 'purple' | 'brown'
export const POST_COLORS: readonly PostColor[] = [
  'black',
  'red',
  'orange',
  'yellow',
  'green',
  'blue',
  'purple',
  'brown',
]

export type { FileType } from '../media/content-types'
import type { FileType } from '../media/content-types'

export interface SurveySummary {
  id: number
  survey_id: number
  post_id: number
  survey_type: 'single' | 'multiple'
  question: string
  response_count: number
  is_active: boolean
}

/** What a post's file info line shows; null fields are unknown (or withheld for a spoiler on pages). */
export interface FileInfo {
  /** The name the file had on the poster's device. */
  name: string | null
  /** Bytes as stored (metadata removed). */
  size: number | null
  width: number | null
  height: number | null
  /** Seconds, for video and audio. */
  duration: number | null
}

export interface PublicPost {
  id: number
  thread_id: number
  board_id: string
  content: string
  created_at: string
  image_url: string | null
  thumbnail_url: string | null
  file_type: FileType | null
  /** Null without a file. */
  file_info: FileInfo | null
  /** The file is shown behind a neutral placeholder until the reader asks for it. */
  spoiler: boolean
  color: PostColor
  thread_user_id: string | null
  country_code: string | null
  dont_bump: boolean
  is_op: boolean
  isBanned: boolean
  banInfo: { reason: string; created_at: string; expires_at: string | null } | null
  survey?: SurveySummary | null
}
