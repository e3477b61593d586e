// The objects of 4chan's read-only JSON API (boards.json, catalog.json, threads.json, {page}.json,
// thread/{no}.json, archive.json), as existing 4chan clients read them. Flags are the integer 1 or absent, as 4chan
// writes them; counts and times are integers (times in whole seconds since the epoch).

export interface FourchanBoard {
  board: string
  title: string
  ws_board: 0 | 1
  per_page: number
  pages: number
  max_filesize: number
  max_webm_filesize: number
  max_comment_chars: number
  max_webm_duration: number
  bump_limit: number
  image_limit: number
  cooldowns: { threads: number; replies: number; images: number }
  meta_description: string
  is_archived: 1
  spoilers?: 1
  forced_anon: 1
  require_subject: 1
  country_flags?: 1
  user_ids?: 1
}

export interface FourchanPost {
  no: number
  resto: number
  sticky?: 1
  closed?: 1
  archived?: 1
  archived_on?: number
  now: string
  time: number
  name: string
  id?: string
  country?: string
  country_name?: string
  sub?: string
  com?: string
  tim?: number
  filename?: string
  ext?: string
  fsize?: number
  md5?: string
  w?: number
  h?: number
  tn_w?: number
  tn_h?: number
  filedeleted?: 1
  spoiler?: 1
  semantic_url?: string
  replies?: number
  images?: number
  omitted_posts?: number
  omitted_images?: number
  bumplimit?: 0 | 1
  imagelimit?: 0 | 1
  unique_ips?: number
  last_modified?: number
  last_replies?: FourchanPost[]
}

export interface CatalogPage {
  page: number
  threads: FourchanPost[]
}

export interface ThreadListPage {
  page: number
  threads: { no: number; last_modified: number; replies: number }[]
}
