// What a poll in a thread shows, as a pure reducer: the hook (use-survey.ts) feeds it what the reader does and what
// the server answers. The reader goes unvoted ('vote') → voted ('results') → changing the vote ('change') → voted
// again or rescinded ('vote'); 'viewing' shows the results to a reader who has not voted yet.
import type { Correlation, SurveyResults, UserResponse } from '@/lib/surveys/types'

export type SurveyMode = 'results' | 'vote' | 'viewing' | 'change'

export interface SurveyState {
  results: SurveyResults
  /** The reader's own response: null before it is known and when there is none. */
  mine: UserResponse | null
  mode: SurveyMode
  /** The option ids ticked in the form. */
  selected: number[]
  error: string | null
  /** A vote or rescind is on its way: its buttons are disabled. */
  busy: boolean
  /** Loaded once the reader asks for them; refreshed while shown. */
  correlations: Correlation[] | null
  showCorrelations: boolean
}

export type SurveyAction =
  | { type: 'own_response_loaded'; response: UserResponse | null; archived: boolean }
  | { type: 'failed'; message: string }
  | { type: 'option_toggled'; optionId: number }
  | { type: 'view_results' }
  | { type: 'back_to_voting' }
  | { type: 'change_vote' }
  | { type: 'cancel_change' }
  | { type: 'request_started' }
  | { type: 'request_finished' }
  | { type: 'vote_cast'; responseId: number; optionIds: number[] }
  | { type: 'vote_rescinded' }
  | { type: 'results_arrived'; results: SurveyResults }
  | { type: 'correlations_toggled' }
  | { type: 'correlations_arrived'; correlations: Correlation[] }

export const NO_SELECTION_MESSAGE = 'Please select at least one option'

/** The server-rendered results, before the reader's own response is known. */
export function initialSurveyState(results: SurveyResults): SurveyState {
  return {
    results,
    mine: null,
    mode: 'results',
    selected: [],
    error: null,
    busy: false,
    correlations: null,
    showCorrelations: false,
  }
}

export const isSingleChoice = (state: SurveyState) => state.results.survey_type === 'single'

export function surveyReducer(state: SurveyState, action: SurveyAction): SurveyState {
  switch (action.type) {
    case 'own_response_loaded':
      // A reader who has voted, or cannot vote any more, starts on the results.
      return {
        ...state,
        mine: action.response,
        selected: action.response?.selected_options ?? [],
        mode: action.response || action.archived ? 'results' : 'vote',
      }
    case 'failed':
      return { ...state, error: action.message }
    case 'option_toggled': {
      const id = action.optionId
      if (isSingleChoice(state)) return { ...state, selected: [id] }
      const selected = state.selected.includes(id) ? state.selected.filter((x) => x !== id) : [...state.selected, id]
      return { ...state, selected }
    }
    case 'view_results':
      return { ...state, mode: 'viewing' }
    case 'back_to_voting':
      return { ...state, mode: 'vote' }
    case 'change_vote':
      // The form starts from the reader's current choice.
      return state.mine ? { ...state, selected: state.mine.selected_options, mode: 'change' } : state
    case 'cancel_change':
      return { ...state, selected: state.mine?.selected_options ?? [], mode: 'results' }
    case 'request_started':
      return { ...state, error: null, busy: true }
    case 'request_finished':
      return { ...state, busy: false }
    case 'vote_cast':
      return {
        ...state,
        mine: { response_id: action.responseId, selected_options: action.optionIds, created_at: '', updated_at: '' },
        mode: 'results',
      }
    case 'vote_rescinded':
      return { ...state, mine: null, selected: [], mode: 'vote' }
    case 'results_arrived':
      return { ...state, results: action.results }
    case 'correlations_toggled':
      return { ...state, showCorrelations: !state.showCorrelations }
    case 'correlations_arrived':
      return { ...state, correlations: action.correlations }
  }
}
