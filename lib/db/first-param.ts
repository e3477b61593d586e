// Plain statements run on either database: their drivers write a bound parameter differently.
import { getConfig } from '../config'

/** The driver's placeholder for a statement's first parameter ($1 on PostgreSQL, ? on SQLite). */
export const firstParam = () => (getConfig().database.provider === 'postgresql' ? '$1' : '?')
