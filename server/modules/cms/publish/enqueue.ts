import { and, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { chainOf } from '../catalog/access.ts';
import { cmsContent } from '../content/schema.ts';
import { cmsPublishRun, cmsPublishTask } from './schema.ts';

/** What a publish task renders: a site's index, a catalog's pages, a content's pages. */
export type PublishDataType = 'site' | 'catalog' | 'content';

export interface PublishTarget {
  siteId: number;
  dataType: PublishDataType;
  dataId: number;
}

/**
 * Queues pages to (re)render. A page already waiting is not queued again (a partial unique index
 * on READY tasks), so publishing 100 contents of one catalog queues its list pages once. A content
 * that is no longer published is queued too: rendering it removes its pages.
 */
export async function enqueue(tx: DbOrTx, targets: PublishTarget[], by: string): Promise<void> {
  const seen = new Set<string>();
  const rows = targets.filter((t) => {
    const key = `${t.siteId}:${t.dataType}:${t.dataId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  }).map((t) => ({ ...t, status: 'READY', createBy: by }));
  if (!rows.length) return;
  for (const siteId of new Set(rows.map((r) => r.siteId))) await startRun(tx, siteId);
  for (let i = 0; i < rows.length; i += 500) await tx.insert(cmsPublishTask).values(rows.slice(i, i + 500)).onConflictDoNothing();
}

/** A site whose queue is empty starts a new run: the progress view counts the tasks queued since. */
async function startRun(tx: DbOrTx, siteId: number) {
  await tx.insert(cmsPublishRun).values({ siteId }).onConflictDoUpdate({
    target: cmsPublishRun.siteId,
    set: { startTime: sql`now()` },
    setWhere: sql`not exists (select 1 from ${cmsPublishTask} where ${cmsPublishTask.siteId} = ${siteId} and ${cmsPublishTask.status} in ('READY', 'RUNNING'))`,
  });
}

/**
 * Queues the pages of a site's contents chosen by `where` (a site publish: every published one)
 * in one statement inside the database, in id order: 10,000 contents were 10,000 rows sent as
 * parameters (a second of a full publish on PGlite). As enqueue, a page already waiting is not
 * queued twice. Returns how many contents `where` chose.
 */
export async function enqueueContentsWhere(tx: DbOrTx, siteId: number, where: SQL, by: string): Promise<number> {
  await startRun(tx, siteId);
  const [chosen] = await tx.select({ n: count() }).from(cmsContent).where(and(eq(cmsContent.siteId, siteId), where));
  await tx.execute(sql`insert into ${cmsPublishTask} (site_id, data_type, data_id, status, create_by)
    select ${cmsContent.siteId}, 'content', ${cmsContent.contentId}, 'READY', ${by} from ${cmsContent}
    where ${and(eq(cmsContent.siteId, siteId), where)} order by ${cmsContent.contentId}
    on conflict do nothing`);
  return Number(chosen?.n ?? 0);
}

/**
 * What changing these contents' publication touches (cms-heart §1.5): their own pages, those of
 * their mapping copies, the list pages of their catalogs and every catalog above, and the site's
 * index.
 */
export async function enqueueContents(tx: DbOrTx, contents: { contentId: number; siteId: number; catalogAncestors: string }[], by: string): Promise<void> {
  if (!contents.length) return;
  const ids = contents.map((c) => c.contentId);
  const mappings = await tx.select({ contentId: cmsContent.contentId, siteId: cmsContent.siteId, catalogAncestors: cmsContent.catalogAncestors })
    .from(cmsContent).where(and(inArray(cmsContent.copyId, ids), eq(cmsContent.copyType, 2), isNull(cmsContent.recycleTime)));
  const all = [...contents, ...mappings];
  const targets: PublishTarget[] = [];
  for (const c of all) {
    targets.push({ siteId: c.siteId, dataType: 'content', dataId: c.contentId });
    for (const catalogId of chainOf(c.catalogAncestors)) targets.push({ siteId: c.siteId, dataType: 'catalog', dataId: catalogId });
    targets.push({ siteId: c.siteId, dataType: 'site', dataId: c.siteId });
  }
  await enqueue(tx, targets, by);
}
