import type { Db } from '../../../db/client.ts';
import { enqueueIndexing } from './pending.ts';

/**
 * The publish queue's share of the search index: the contents whose pages a drain just rendered
 * are marked due (pending.ts), before their tasks are marked done, so a crash in between renders
 * and marks them again. The publish worker indexes them once the queue is empty: analysing a text
 * costs more than rendering its page, and pages must not wait for it. A failure here is logged and
 * never fails the publish (a rebuild puts the index right).
 */
export async function indexRendered(db: Db, contentIds: number[]): Promise<void> {
  if (!contentIds.length) return;
  try {
    // No transaction: the drain's other lanes share the connection meanwhile (PGlite has one).
    await enqueueIndexing(db, contentIds);
  } catch (err) {
    console.error('search: contents not marked for indexing:', err instanceof Error ? err.message : err);
  }
}
