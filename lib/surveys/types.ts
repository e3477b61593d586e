// Survey objects, as the API returns them.
export type SurveyType = 'single' | 'multiple'

export interface SurveyOptionDto {
  id: number
  option_text: string
  option_order: number
}

export interface SurveyDto {
  id: number
  post_id: number
  thread_id: number
  board_id: string
  survey_type: SurveyType
  question: string
  created_at: string
  is_active: boolean
  response_count: number
  options: SurveyOptionDto[]
}

export interface UserResponse {
  response_id: number
  selected_options: number[]
  created_at: string
  updated_at: string
}

export interface SurveyResults {
  id: number
  survey_id: number
  post_id: number
  thread_id: number
  board_id: string
  survey_type: SurveyType
  question: string
  is_active: boolean
  total_responses: number
  results: { option_id: number; option_text: string; option_order: number; vote_count: number; percentage: number }[]
}

export interface Correlation {
  option1: { id: number; text: string }
  option2: { id: number; text: string }
  co_occurrence_count: number
  correlation_percentage: number
}

/** round(100·part/total, 2), half away from zero, in integer arithmetic; 0 when total is 0. */
export function percentage(part: number, total: number): number {
  if (total === 0) return 0
  return Math.floor((20000 * part + total) / (2 * total)) / 100
}
