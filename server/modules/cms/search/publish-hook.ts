import type { Db } from '../../../db/client.ts';
import { loadAnalyzer } from './analyzer.ts';
import { indexContents } from './indexer.ts';

/**
 * The publish queue's share of the search index: the contents whose pages a drain just rendered
 * (published ones written, offline or removed ones dropped) are indexed as they are now. It runs
 * before their tasks are marked done, so a crash in between renders and indexes them again; a
 * failure here is logged and never fails the publish (a rebuild puts the index right).
 */
export async function indexRendered(db: Db, contentIds: number[]): Promise<void> {
  if (!contentIds.length) return;
  try {
    // No transaction: the drain's other lanes share the connection meanwhile (PGlite has one).
    await loadAnalyzer();
    await indexContents(db, contentIds);
  } catch (err) {
    console.error('search: contents not indexed:', err instanceof Error ? err.message : err);
  }
}
