import { sql, type SQL } from 'drizzle-orm';

/**
 * Ids as one `bigint[]` parameter (`= any(…)`): a list of hundreds of bound values costs more to
 * build and send than the statement takes to run. Duplicates dropped; each id an integer.
 */
export const idArray = (ids: readonly number[]): SQL => sql`${`{${[...new Set(ids)].map((id) => Math.trunc(id)).join(',')}}`}::bigint[]`;
