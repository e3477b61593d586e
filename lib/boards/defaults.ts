// The twelve default boards (contract section 4).
export const DEFAULT_BOARDS = [
  { id: 'anime', name: 'Anime', description: 'Anime and Manga', nsfw: false, threadIdsEnabled: false, countryFlagsEnabled: false },
  { id: 'business', name: 'Business', description: 'Business, Finance, Economics, and Investments', nsfw: false, threadIdsEnabled: true, countryFlagsEnabled: true },
  { id: 'diy', name: 'Do It Yourself', description: 'Hobbies, Home Improvement, Car Repair, and Crafts', nsfw: false, threadIdsEnabled: false, countryFlagsEnabled: false },
  { id: 'fitness', name: 'Fitness', description: 'Fitness and Health', nsfw: false, threadIdsEnabled: false, countryFlagsEnabled: false },
  { id: 'food', name: 'Food', description: 'Cooking and Culinary Arts', nsfw: false, threadIdsEnabled: false, countryFlagsEnabled: false },
  { id: 'gaming', name: 'Gaming', description: 'Video Games', nsfw: false, threadIdsEnabled: false, countryFlagsEnabled: false },
  { id: 'movies', name: 'Movies', description: 'Film and Television', nsfw: false, threadIdsEnabled: false, countryFlagsEnabled: false },
  { id: 'politics', name: 'Politics', description: 'Politics and Current Events', nsfw: true, threadIdsEnabled: true, countryFlagsEnabled: true },
  { id: 'random', name: 'Random', description: 'Anything and Everything', nsfw: true, threadIdsEnabled: true, countryFlagsEnabled: true },
  { id: 'science', name: 'Science', description: 'Science and Math', nsfw: false, threadIdsEnabled: true, countryFlagsEnabled: true },
  { id: 'sports', name: 'Sports', description: 'Sports, Players, and Teams', nsfw: false, threadIdsEnabled: false, countryFlagsEnabled: true },
  { id: 'tech', name: 'Technology', description: 'Technology, Computers, and Programming', nsfw: false, threadIdsEnabled: false, countryFlagsEnabled: false },
] as const
