// The response schemas the OpenAPI document is built from have exactly the types the code answers with: a field
// added to PublicPost (or removed) without the schema fails `npm run typecheck` here. The integration test
// tests/integration/openapi.test.ts validates live answers against the document as well.
import { describe, expectTypeOf, it } from 'vitest'
import type { z } from 'zod'
import type { BannedFileDto } from '@/lib/banned-files/manage'
import type { ZBannedFile } from '@/lib/banned-files/responses'
import type { ZBan } from '@/lib/bans/responses'
import type { BanDto } from '@/lib/bans/types'
import type { ManagedBoard } from '@/lib/boards/manage'
import type { ZBoard, ZManagedBoard } from '@/lib/boards/responses'
import type { PublicBoard } from '@/lib/boards/types'
import type { ZPost } from '@/lib/posts/responses'
import type { PublicPost } from '@/lib/posts/types'
import type { ZRangeBan } from '@/lib/rangebans/responses'
import type { PublicRangeBan } from '@/lib/rangebans/types'
import type { ZSearchPage } from '@/lib/search/responses'
import type { SearchPage } from '@/lib/search/types'
import type { ZAdminUser } from '@/lib/staff/responses'
import type { AdminUser } from '@/lib/staff/types'
import type { ZHourlyStats, ZStatsOverview } from '@/lib/stats/responses'
import type { HourlyStats, StatsOverview } from '@/lib/stats/types'
import type { ZCorrelation, ZSurvey, ZSurveyResults, ZUserResponse } from '@/lib/surveys/responses'
import type { Correlation, SurveyDto, SurveyResults, UserResponse } from '@/lib/surveys/types'
import type { ZThread, ZThreadSummary } from '@/lib/threads/responses'
import type { PublicThread, ThreadSummary } from '@/lib/threads/types'

type Out<T extends z.ZodType> = z.output<T>

describe('response schemas match the types the code answers with', () => {
  it('boards, posts and threads', () => {
    expectTypeOf<Out<typeof ZBoard>>().toEqualTypeOf<PublicBoard>()
    expectTypeOf<Out<typeof ZManagedBoard>>().toEqualTypeOf<ManagedBoard>()
    expectTypeOf<Out<typeof ZPost>>().toEqualTypeOf<PublicPost>()
    expectTypeOf<Out<typeof ZThread>>().toEqualTypeOf<PublicThread>()
    expectTypeOf<Out<typeof ZThreadSummary>>().toEqualTypeOf<ThreadSummary>()
  })
  it('surveys', () => {
    expectTypeOf<Out<typeof ZSurvey>>().toEqualTypeOf<SurveyDto>()
    expectTypeOf<Out<typeof ZUserResponse>>().toEqualTypeOf<UserResponse>()
    expectTypeOf<Out<typeof ZSurveyResults>>().toEqualTypeOf<SurveyResults>()
    expectTypeOf<Out<typeof ZCorrelation>>().toEqualTypeOf<Correlation>()
  })
  it('bans, range bans and staff users', () => {
    expectTypeOf<Out<typeof ZBan>>().toEqualTypeOf<BanDto>()
    expectTypeOf<Out<typeof ZRangeBan>>().toEqualTypeOf<PublicRangeBan>()
    expectTypeOf<Out<typeof ZBannedFile>>().toEqualTypeOf<BannedFileDto>()
    expectTypeOf<Out<typeof ZAdminUser>>().toEqualTypeOf<AdminUser>()
  })
  it('search and statistics', () => {
    expectTypeOf<Out<typeof ZSearchPage>>().toEqualTypeOf<SearchPage>()
    expectTypeOf<Out<typeof ZStatsOverview>>().toEqualTypeOf<StatsOverview>()
    expectTypeOf<Out<typeof ZHourlyStats>>().toEqualTypeOf<HourlyStats>()
  })
})
