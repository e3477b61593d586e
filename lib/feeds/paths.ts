// Where the Atom feeds live; pages name them in <link rel="alternate">, the page cache keys on them.
export const boardFeedPath = (boardId: string) => `/board/${boardId}/feed.atom`
export const threadFeedPath = (boardId: string, threadId: number) => `/board/${boardId}/thread/${threadId}/feed.atom`

/** Entries in each feed: the newest threads of a board, the newest posts of a thread. */
export const FEED_ENTRIES = 50
