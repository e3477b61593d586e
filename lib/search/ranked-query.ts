// What each database's query builder returns: the count of all matches and one page of post ids, best first
// (rank, then newest, then highest id, so pages never overlap).
export interface Statement {
  sql: string
  args: unknown[]
}

export interface RankedQuery {
  count: Statement
  page: (limit: number, offset: number) => Statement
}
