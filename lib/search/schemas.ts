// The query of GET /api/search and of the /search page.
import { z } from 'zod'
import { boardIdSchema, countSchema } from '../http/params'
import { SEARCH_PAGES_MAX, SEARCH_TEXT_MAX, SEARCH_WORDS_MAX } from '../limits'
import { searchWords } from './terms'
import { requiredText } from '../text/schemas'

export const ZSearchQuery = z.object({
  q: requiredText(
    SEARCH_TEXT_MAX,
    'Enter words to search for',
    `Search text must be at most ${SEARCH_TEXT_MAX} characters`,
  )
    .refine((q) => searchWords(q).length > 0, {
      message: 'Search for at least one word of letters or digits',
      abort: true,
    })
    .refine((q) => searchWords(q).length <= SEARCH_WORDS_MAX, `Search for at most ${SEARCH_WORDS_MAX} different words`),
  // An empty board (the page's "All boards") means every board.
  board: z
    .string()
    .optional()
    .transform((b) => b || undefined)
    .pipe(boardIdSchema('board must be a board id').optional()),
  page: countSchema('page', SEARCH_PAGES_MAX, 1),
})

export type SearchQuery = z.infer<typeof ZSearchQuery>
