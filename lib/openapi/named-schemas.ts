// The response objects that get a name of their own under components.schemas (others are named after the
// operation that answers them).
import type { z } from 'zod'
import { ZBan } from '../bans/responses'
import { ZBoard, ZManagedBoard } from '../boards/responses'
import { ZFileInfo, ZPost, ZSurveySummary } from '../posts/responses'
import { ZRangeBan } from '../rangebans/responses'
import { ZSearchPage, ZSearchResult } from '../search/responses'
import { ZAdminUser } from '../staff/responses'
import { ZHourlyStats, ZStatsOverview } from '../stats/responses'
import { ZSurvey, ZSurveyResults, ZSurveyWithResponse } from '../surveys/responses'
import { ZThread, ZThreadConfig, ZThreadSummary } from '../threads/responses'

export const NAMED_SCHEMAS: [string, z.ZodType][] = [
  ['Board', ZBoard],
  ['ManagedBoard', ZManagedBoard],
  ['Post', ZPost],
  ['FileInfo', ZFileInfo],
  ['SurveySummary', ZSurveySummary],
  ['Thread', ZThread],
  ['ThreadSummary', ZThreadSummary],
  ['ThreadConfig', ZThreadConfig],
  ['Survey', ZSurvey],
  ['SurveyWithResponse', ZSurveyWithResponse],
  ['SurveyResults', ZSurveyResults],
  ['Ban', ZBan],
  ['RangeBan', ZRangeBan],
  ['AdminUser', ZAdminUser],
  ['SearchResult', ZSearchResult],
  ['SearchPage', ZSearchPage],
  ['StatsOverview', ZStatsOverview],
  ['HourlyStats', ZHourlyStats],
]
