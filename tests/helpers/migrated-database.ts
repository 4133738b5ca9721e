import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client.ts';

let snapshot: Blob | undefined;

/**
 * A new in-memory PGlite with every migration applied and nothing seeded, for the tests of the
 * seed itself: a copy of the run's migrated cluster (seeded-database.global.ts) when there is one,
 * which opens in a fraction of the time initdb and the migrations take.
 */
export async function openMigratedPglite(): Promise<Database> {
  const file = inject('pgliteMigratedSnapshotFile');
  if (file && !snapshot) snapshot = new Blob([readFileSync(file)]);
  return openDatabase({ dataDir: 'memory://', pgliteSnapshot: snapshot });
}
