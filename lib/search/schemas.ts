// The query of GET /api/search and of the /search page.
import { z } from 'zod'
import { boardIdSchema } from '../http/params'
import { SEARCH_PAGES_MAX, SEARCH_TEXT_MAX, SEARCH_WORDS_MAX } from '../limits'
import { searchWords } from './terms'
import { requiredText } from '../text/schemas'

const PAGE = `page must be a whole number from 1 to ${SEARCH_PAGES_MAX}`

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
  page: z
    .string()
    .regex(/^[0-9]{1,4}$/, PAGE)
    .transform(Number)
    .refine((n) => n >= 1 && n <= SEARCH_PAGES_MAX, PAGE)
    .default(1),
})

export type SearchQuery = z.infer<typeof ZSearchQuery>
