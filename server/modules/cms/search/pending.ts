import { asc, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { loadAnalyzer } from './analyzer.ts';
import { indexContents } from './indexer.ts';
import { cmsSearchPending } from './schema.ts';
import { vacuumWhenDue } from './vacuum.ts';

/**
 * Contents indexed per transaction: analysing one takes a millisecond or two on this thread, so a
 * batch holds the event loop (and PGlite's one connection) for a few dozen milliseconds at most.
 */
export const INDEX_BATCH = 25;

/** Marks contents as due for (re)indexing; one statement, whatever their number. */
export async function enqueueIndexing(db: DbOrTx, contentIds: number[]): Promise<void> {
  const ids = [...new Set(contentIds)];
  for (let i = 0; i < ids.length; i += 1000) {
    await db.insert(cmsSearchPending).values(ids.slice(i, i + 1000).map((contentId) => ({ contentId })))
      .onConflictDoUpdate({ target: cmsSearchPending.contentId, set: { enqueuedAt: sql`now()` } });
  }
}

export interface IndexPendingOptions {
  batch?: number;
  signal?: AbortSignal;
  /** asked between batches: true gives way (the publish queue has work again) */
  giveWay?: () => Promise<boolean> | boolean;
}

/**
 * Indexes the due contents, oldest first, a batch per transaction: each batch's rows leave the
 * table with their index rows written, so a crash redoes at most the batch in hand and nothing
 * twice (an index row is keyed by its content). Rows are taken FOR UPDATE SKIP LOCKED, so several
 * processes on one PostgreSQL database share the work. Once VACUUM_AFTER rows have been written
 * since the last time, the index is vacuumed at the end (vacuum.ts). Returns how many contents it indexed.
 */
export async function indexPending(db: Db, opts: IndexPendingOptions = {}): Promise<number> {
  const batch = opts.batch ?? INDEX_BATCH;
  let done = 0;
  for (;;) {
    if (opts.signal?.aborted) break;
    const [any] = await db.select({ id: cmsSearchPending.contentId }).from(cmsSearchPending).limit(1);
    if (!any) break;
    await loadAnalyzer();
    const n = await db.transaction(async (tx) => {
      const rows = await tx.select({ id: cmsSearchPending.contentId }).from(cmsSearchPending)
        .orderBy(asc(cmsSearchPending.enqueuedAt), asc(cmsSearchPending.contentId)).limit(batch).for('update', { skipLocked: true });
      if (!rows.length) return 0;
      const ids = rows.map((r) => r.id);
      await indexContents(tx, ids);
      await tx.delete(cmsSearchPending).where(inArray(cmsSearchPending.contentId, ids));
      return ids.length;
    });
    if (!n) break;
    done += n;
    // Requests (and the other lanes of PGlite's one connection) get their turn between batches.
    await new Promise((r) => setImmediate(r));
    if (opts.giveWay && (await opts.giveWay())) break;
  }
  // Outside any transaction; after many rows only (vacuum.ts).
  if (done) await vacuumWhenDue(db, done);
  return done;
}
