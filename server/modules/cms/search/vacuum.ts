import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { forgetTermShares } from './term-frequency.ts';

/**
 * VACUUM ANALYZE of the search index, outside any transaction (VACUUM cannot run in one). After
 * bulk writes PGlite (it has no autovacuum) would leave the pages without hint bits and visibility
 * map, the GIN index's pending list unmerged and the planner without statistics: every query
 * would pay for it. A rebuild ends with it; the publish queue's index drain runs it once it has
 * written VACUUM_AFTER rows since the last time (pending.ts).
 */
export async function vacuumIndex(db: Db): Promise<void> {
  await db.execute(sql`vacuum analyze cms_search_index`);
  written.set(db, 0);
  // The statistics just gathered say how common each word is now (the walk in query.ts reads them).
  forgetTermShares();
}

/** Index rows written since the last VACUUM, by database. */
const written = new WeakMap<Db, number>();
export const VACUUM_AFTER = 1000;

/** Counts rows written; VACUUM ANALYZE once VACUUM_AFTER have been (call it outside any transaction). True when it ran. */
export async function vacuumWhenDue(db: Db, rows: number): Promise<boolean> {
  const n = (written.get(db) ?? 0) + rows;
  written.set(db, n);
  if (n < VACUUM_AFTER) return false;
  await vacuumIndex(db);
  return true;
}
