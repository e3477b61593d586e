// A page render on SQLite runs as one chain of promises that are already settled (better-sqlite3 answers
// synchronously), so nothing else on the event loop runs until the whole page is rendered: 15–25 ms for a
// 300-post thread, during which every cached answer waits. Awaiting this between a render's stages lets the
// requests that arrived meanwhile be answered first.
export const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))
