// Site rules shown on /rules. Global rules follow the visitor spec; the per-board wording is ours.
export const RULES_LAST_UPDATED = '2026-11-22'

export const GLOBAL_RULES = [
  'No illegal content, and nothing that breaks the law where you or the site are.',
  'No spam or flooding: do not post the same thing repeatedly or fill threads with noise.',
  'No doxxing or raids: never post personal information about anyone, and do not organise attacks on other sites or people.',
  'NSFW content belongs only on NSFW boards (/politics/ and /random/).',
  'No advertising, referral links or paid promotion.',
]

export const BOARD_RULES: Record<string, string[]> = {
  random: ['Anything goes within the global rules.', 'Mark shocking material with a spoiler.'],
  politics: ['Argue the point, not the poster.', 'Cite sources for claims of fact.', 'No calls to violence.'],
  tech: [
    'Stay on topic: computers, software, hardware and the industry.',
    'Post code as text, not screenshots.',
    'No piracy or cracked software.',
  ],
  gaming: ['Mark spoilers for recent games.', 'No cheats, hacks or account trading.'],
  anime: ['Spoiler plot details of airing series.', 'Give the source when you post art.'],
  movies: ['Spoiler plot details of films in cinemas.', 'No links to pirated streams.'],
  business: ['No financial advice presented as certainty.', 'No pump-and-dump schemes or shilling.'],
  diy: ['Describe safety risks honestly.', 'Show your work: photos of projects are welcome.'],
  sports: ['Keep rivalries civil.', 'No betting tips or tout services.'],
  fitness: ['No promotion of unsafe drugs or extreme diets.', 'Critique form, not bodies.'],
  food: ['Share recipes with quantities.', 'Credit the source of recipes you copy.'],
  science: ['Back claims with sources.', 'No pseudoscience presented as fact.'],
}

export const GUIDELINES = [
  'Be the poster you would want to read: contribute, do not just react.',
  'Search the board before starting a thread on a common topic.',
  'Use sage when replying without wanting to bump the thread.',
  'Staff may delete posts, ban users and remove threads that break the rules.',
]
