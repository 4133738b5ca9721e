import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { ContentStatus } from '../../../../shared/cms/content.ts';
import { cmsContent } from '../content/schema.ts';
import type { ThreadTask } from './thread-protocol.ts';
import type { PipeOutcome } from './pages.ts';
import type { ClaimedTask } from './task-leases.ts';

/**
 * Work a batch must hold to be shared with the render threads: below this, messages and the
 * threads' own reads cost more than rendering here (an edited article and its lists: 3 tasks).
 */
export const THREAD_MIN_TASKS = 50;
/** Contents rendered as one unit of work: read ahead in a few queries, handed to one lane. */
export const CHUNK = 200;
/** Catalogs rendered as one unit of work. */
export const CATALOG_CHUNK = 5;
/** Batches a threaded drain keeps in flight: the next is claimed and read while the threads render one. */
export const BATCHES_IN_FLIGHT = 2;

/**
 * A unit of work of a batch: tasks rendered by one lane (a render thread, or this thread), or
 * a chunk of a `contents` task's contents (as content tasks), counted towards that task.
 */
export interface Unit {
  tasks: ThreadTask[];
  /** the claimed task each entry of `tasks` finishes (a `contents` chunk: none, the bulk task below) */
  claimed: (ClaimedTask | null)[];
  bulk?: Bulk;
}

/** A `contents` task in progress: its chunks, what they did, how much is done. */
export interface Bulk {
  task: ClaimedTask;
  chunks: number;
  finished: number;
  done: number;
  outcome: PipeOutcome;
}

/** The published, live contents of a site's catalogs with pages of their own (what `contents` tasks render), by catalog. */
export async function bulkContents(db: Db, siteId: number, catalogIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(catalogIds.map((id) => [id, []]));
  if (!catalogIds.length) return out;
  // One row per catalog, its ids as one JSON array (10,000 rows of two columns cost 80 ms).
  const rows = await db.select({ catalogId: cmsContent.catalogId, ids: sql<string>`json_agg(${cmsContent.contentId} order by ${cmsContent.contentId})::text` }).from(cmsContent)
    .where(and(eq(cmsContent.siteId, siteId), inArray(cmsContent.catalogId, catalogIds), eq(cmsContent.status, ContentStatus.PUBLISHED), isNull(cmsContent.recycleTime), eq(cmsContent.linkFlag, 'N')))
    .groupBy(cmsContent.catalogId);
  for (const r of rows) out.set(r.catalogId, JSON.parse(r.ids) as number[]);
  return out;
}
