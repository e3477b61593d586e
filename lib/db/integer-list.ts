// Ids from the database written into a statement as a list of integers, for IN lists of a few hundred: through the
// ORM, bound parameters cost more than the statement's own work there, and the placeholders differ between SQLite
// and PostgreSQL. Each id is truncated to an integer, so nothing but digits (and a sign) reaches the SQL.
export function integerList(ids: readonly number[]): string {
  return ids.map((id) => String(Math.trunc(id))).join(',')
}
