// The twelve boards a new site starts with (lib/boards/seed.ts inserts the missing ones). Admins may edit them later.
interface Options {
  nsfw?: boolean
  threadIds?: boolean
  countryFlags?: boolean
}

const board = (
  id: string,
  name: string,
  description: string,
  { nsfw = false, threadIds = false, countryFlags = false }: Options = {},
) => ({ id, name, description, nsfw, threadIdsEnabled: threadIds, countryFlagsEnabled: countryFlags })

const talk = { threadIds: true, countryFlags: true }

export const DEFAULT_BOARDS = [
  board('anime', 'Anime', 'Anime and Manga'),
  board('business', 'Business', 'Business, Finance, Economics, and Investments', talk),
  board('diy', 'Do It Yourself', 'Hobbies, Home Improvement, Car Repair, and Crafts'),
  board('fitness', 'Fitness', 'Fitness and Health'),
  board('food', 'Food', 'Cooking and Culinary Arts'),
  board('gaming', 'Gaming', 'Video Games'),
  board('movies', 'Movies', 'Film and Television'),
  board('politics', 'Politics', 'Politics and Current Events', { ...talk, nsfw: true }),
  board('random', 'Random', 'Anything and Everything', { ...talk, nsfw: true }),
  board('science', 'Science', 'Science and Math', talk),
  board('sports', 'Sports', 'Sports, Players, and Teams', { countryFlags: true }),
  board('tech', 'Technology', 'Technology, Computers, and Programming'),
] as const
