import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { executedRows } from '../../../db/rows.ts';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { VACUUM_AFTER, vacuumIndex, vacuumWhenDue } from './vacuum.ts';

// The index is vacuumed outside any transaction (VACUUM refuses to run in one), on PGlite too,
// and the index drain does it only once it has written VACUUM_AFTER rows since the last time.
const ts = useTestServer();
const vacuums = async () => Number(executedRows<{ n: number }>(await ts.database.db.execute(sql`select vacuum_count::int as n from pg_stat_user_tables where relname = 'cms_search_index'`))[0]?.n ?? 0);

describe('vacuuming the search index', () => {
  it('runs VACUUM ANALYZE on the database, and in the drain only after VACUUM_AFTER rows', async () => {
    const db = ts.database.db;
    await vacuumIndex(db);
    const before = await vacuums();
    expect(await vacuumWhenDue(db, VACUUM_AFTER - 1)).toBe(false);
    expect(await vacuums()).toBe(before);
    expect(await vacuumWhenDue(db, 1)).toBe(true);
    expect(await vacuums()).toBe(before + 1);
    // Counted again from nothing.
    expect(await vacuumWhenDue(db, 1)).toBe(false);
  });
});
