// Survey objects, as zod schemas for the OpenAPI document (tests/unit/openapi-types.test.ts holds them equal to
// the types in ./types.ts).
import { z } from 'zod'

const surveyType = z.enum(['single', 'multiple'])
/** Where a poll stands and what it asks: the fields a poll and its results share. */
const placeAndQuestion = {
  post_id: z.number().int(),
  thread_id: z.number().int(),
  board_id: z.string(),
  survey_type: surveyType,
  question: z.string(),
}

export const ZSurvey = z.object({
  id: z.number().int(),
  ...placeAndQuestion,
  created_at: z.string(),
  is_active: z.boolean(),
  response_count: z.number().int(),
  options: z.array(z.object({ id: z.number().int(), option_text: z.string(), option_order: z.number().int() })),
})

export const ZUserResponse = z.object({
  response_id: z.number().int(),
  selected_options: z.array(z.number().int()),
  created_at: z.string(),
  updated_at: z.string(),
})

export const ZSurveyWithResponse = ZSurvey.extend({
  user_response: ZUserResponse.nullable().meta({ description: "The caller's own vote (by address), or null" }),
})

export const ZSurveyResults = z.object({
  id: z.number().int(),
  survey_id: z.number().int(),
  ...placeAndQuestion,
  is_active: z.boolean(),
  total_responses: z.number().int(),
  results: z.array(
    z.object({
      option_id: z.number().int(),
      option_text: z.string(),
      option_order: z.number().int(),
      vote_count: z.number().int(),
      percentage: z.number().meta({ description: 'Rounded half away from zero to two decimals' }),
    }),
  ),
})

export const ZCorrelation = z.object({
  option1: z.object({ id: z.number().int(), text: z.string() }),
  option2: z.object({ id: z.number().int(), text: z.string() }),
  co_occurrence_count: z.number().int(),
  correlation_percentage: z.number(),
})

export const ZCorrelations = z.object({
  survey_id: z.number().int(),
  survey_type: surveyType,
  total_responses: z.number().int(),
  correlations: z.array(ZCorrelation),
})

export const ZVoteResult = z.object({
  message: z.string(),
  response: z
    .object({
      response_id: z.number().int(),
      survey_id: z.number().int(),
      option_ids: z.array(z.number().int()),
      is_update: z.boolean(),
    })
    .loose(),
})
