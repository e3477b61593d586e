// The public statistics objects, as the API returns them.
export interface StatsOverview {
  overall: {
    uniqueVisitorsLifetime: number
    uniqueVisitorsMonth: number
    uniqueVisitorsDay: number
    uniqueVisitorsHour: number
  }
  boards: {
    boardId: string
    boardName: string
    postsHour: number
    postsDay: number
    postsMonth: number
    postsLifetime: number
  }[]
  countries: {
    views: { countryCode: string; countryName: string; uniqueVisitors: number; totalViews: number }[]
    posts: { countryCode: string; countryName: string; uniquePosters: number; totalPosts: number }[]
  }
  lastUpdated: string
}

export interface HourlyStats {
  hours: number
  data: {
    views: { hour: string; unique_visitors: number; page_views: number }[]
    posts: { hour: string; posts_count: number }[]
  }
  lastUpdated: string
}

export const MAX_HOURS = 168

/** What /stats shows when the figures cannot be loaded. */
export const STATS_FAILED = 'Failed to load statistics. Please try again later.'
