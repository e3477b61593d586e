// The query of GET /api/stats/hourly.
import { z } from 'zod'
import { MAX_HOURS } from './types'
import { countSchema } from '../http/params'

export const ZHourlyQuery = z.object({ hours: countSchema('hours', MAX_HOURS, 24) })
