import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ContentStatus } from '../../../../shared/cms/content.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { chainOf } from '../catalog/access.ts';
import { cmsContent } from '../content/schema.ts';
import { cmsPublishRun, cmsPublishTask } from './schema.ts';
import { executedRows } from '../../../db/rows.ts';

/** What a publish task renders: a site's index, a catalog's pages, a content's pages, every published content of a catalog. */
export type PublishDataType = 'site' | 'catalog' | 'content' | 'contents';

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
 * Queues every published content of these catalogs (null: the whole site) as one `contents`
 * task per catalog, weighing as many contents as it has (the progress view counts them): a site
 * of 10,000 contents is 50 tasks, not 10,000 rows queued, claimed and finished one by one (a
 * second and a half of a full publish on PGlite). The worker renders a catalog's contents as
 * they are when it gets there, in chunks. A catalog whose contents wait already is not queued
 * twice. Returns how many contents the new tasks cover.
 */
export async function enqueueCatalogContents(tx: DbOrTx, siteId: number, catalogIds: number[] | null, by: string): Promise<number> {
  const chosen = and(
    eq(cmsContent.siteId, siteId), eq(cmsContent.status, ContentStatus.PUBLISHED), isNull(cmsContent.recycleTime), eq(cmsContent.linkFlag, 'N'),
    catalogIds ? inArray(cmsContent.catalogId, catalogIds.length ? catalogIds : [-1]) : undefined,
  );
  await startRun(tx, siteId);
  // Pages of these contents waiting one by one (an import, editors' publishes) are the catalogs'
  // tasks' now: a page waits once. Contents going offline keep theirs (their pages are removed).
  await tx.execute(sql`delete from ${cmsPublishTask} t where t.status = 'READY' and t.site_id = ${siteId} and t.data_type = 'content'
    and exists (select 1 from ${cmsContent} where ${cmsContent.contentId} = t.data_id and ${chosen})`);
  const queued = await tx.execute(sql`insert into ${cmsPublishTask} (site_id, data_type, data_id, status, create_by, weight)
    select ${cmsContent.siteId}, 'contents', ${cmsContent.catalogId}, 'READY', ${by}, count(*)::int from ${cmsContent}
    where ${chosen} group by ${cmsContent.siteId}, ${cmsContent.catalogId} order by ${cmsContent.catalogId}
    on conflict do nothing returning weight`);
  return executedRows<{ weight: number }>(queued).reduce((n, r) => n + Number(r.weight), 0);
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
