import { and, eq, gt, inArray, isNull, like, ne, sql } from 'drizzle-orm';
import type { OpContext, SiteOp } from '../../../core/operation.ts';
import { fail } from '../../../core/errors.ts';
import { permBit } from '../../../../shared/cms/perms.ts';
import { CONTENT_ATTRIBUTES, COPY_TYPES, ContentStatus, type ContentType } from '../../../../shared/cms/content.ts';
import { holdsEverything } from '../perms/grants.ts';
import { catalogRights, type CatalogRow } from '../catalog/access.ts';
import { catalogLifecycle } from '../catalog/lifecycle.ts';
import { restoreChains } from '../catalog/operations.ts';
import { cmsCatalog } from '../catalog/schema.ts';
import { cmsSite } from '../site/schema.ts';
import { viewableSites } from '../site/current.ts';
import { enqueueContents } from '../publish/enqueue.ts';
import { assertUnlocked, type ContentRow } from './access.ts';
import { DETAILS } from './details.ts';
import { cmsContent } from './schema.ts';
import { followContents, followTags } from '../word/use-count.ts';

const by = (op: OpContext) => ({ updateBy: op.actor.userName, updateTime: new Date() });
const idsOf = (rows: readonly ContentRow[]) => rows.map((r) => r.contentId);

/** Mapping copies of these contents (they follow their source's publication). */
async function mappingsOf(op: OpContext, ids: number[]) {
  if (!ids.length) return [];
  return op.tx.select().from(cmsContent).where(and(inArray(cmsContent.copyId, ids), eq(cmsContent.copyType, COPY_TYPES.mapping), isNull(cmsContent.recycleTime)));
}

/**
 * Publishes: a content whose publish date lies ahead of `now` waits as "to publish" (the scheduled
 * job publishes it then, through this same operation); the others are published now (publish
 * date = `now` when none was set). Their pages, their catalogs' list pages up the tree and the site
 * index are queued.
 */
export async function publish(op: SiteOp, rows: readonly ContentRow[], now = new Date()): Promise<{ published: number; scheduled: number }> {
  assertUnlocked(op, rows);
  const later = rows.filter((r) => r.publishDate && r.publishDate > now);
  const nowRows = rows.filter((r) => !later.includes(r));
  if (later.length) await op.tx.update(cmsContent).set({ status: ContentStatus.TO_PUBLISH, ...by(op) }).where(inArray(cmsContent.contentId, idsOf(later)));
  if (nowRows.length) {
    await op.tx.update(cmsContent).set({ status: ContentStatus.PUBLISHED, publishDate: sql`coalesce(${cmsContent.publishDate}, ${now})`, ...by(op) }).where(inArray(cmsContent.contentId, idsOf(nowRows)));
    await enqueueContents(op.tx, nowRows, op.actor.userName);
  }
  return { published: nowRows.length, scheduled: later.length };
}

/** Marks contents "to publish": the scheduled job publishes each at its publish date (now when none). */
export async function toPublish(op: SiteOp, rows: readonly ContentRow[]): Promise<void> {
  assertUnlocked(op, rows);
  await op.tx.update(cmsContent).set({ status: ContentStatus.TO_PUBLISH, ...by(op) }).where(inArray(cmsContent.contentId, idsOf(rows)));
}

/**
 * Takes contents off the site (offline, or archived): their pages are removed and the lists they
 * were on rewritten; their mapping copies go with them.
 */
export async function takeDown(op: SiteOp, rows: readonly ContentRow[], status: typeof ContentStatus.OFFLINE | typeof ContentStatus.ARCHIVED): Promise<void> {
  assertUnlocked(op, rows);
  const mappings = await mappingsOf(op, idsOf(rows));
  const all = [...rows, ...mappings];
  await op.tx.update(cmsContent).set({ status, ...by(op) }).where(inArray(cmsContent.contentId, idsOf(all)));
  await enqueueContents(op.tx, all.filter((r) => r.status === ContentStatus.PUBLISHED || r.status === ContentStatus.EDITING), op.actor.userName);
}

/** Puts contents on top until `until` (null = until cancelled); later tops rank above earlier ones. */
export async function setTop(op: SiteOp, rows: readonly ContentRow[], until: Date | null): Promise<void> {
  if (until && until <= new Date()) throw fail('cms.content.topInPast');
  assertUnlocked(op, rows);
  await op.tx.update(cmsContent).set({ topFlag: Date.now(), topDate: until, ...by(op) }).where(inArray(cmsContent.contentId, idsOf(rows)));
  await republishIfLive(op, rows);
}

export async function cancelTop(op: SiteOp, rows: readonly ContentRow[]): Promise<void> {
  assertUnlocked(op, rows);
  await op.tx.update(cmsContent).set({ topFlag: 0, topDate: null, ...by(op) }).where(inArray(cmsContent.contentId, idsOf(rows)));
  await republishIfLive(op, rows);
}

/** Sets or clears one attribute (recommend, hot…) on contents. */
export async function setAttribute(op: SiteOp, rows: readonly ContentRow[], attribute: keyof typeof CONTENT_ATTRIBUTES, on: boolean): Promise<void> {
  assertUnlocked(op, rows);
  const bit = CONTENT_ATTRIBUTES[attribute];
  await op.tx.update(cmsContent).set({ attributes: on ? sql`${cmsContent.attributes} | ${bit}` : sql`${cmsContent.attributes} & ~${bit}`, ...by(op) }).where(inArray(cmsContent.contentId, idsOf(rows)));
  await republishIfLive(op, rows);
}

/** Lists that show published contents change when their order or marks do. */
async function republishIfLive(op: OpContext, rows: readonly ContentRow[]) {
  await enqueueContents(op.tx, rows.filter((r) => r.status === ContentStatus.PUBLISHED), op.actor.userName);
}

/** Locks a content for the actor: nobody else (but an administrator) changes it until it is unlocked. */
export async function lock(op: SiteOp, row: ContentRow): Promise<string> {
  assertUnlocked(op, [row]);
  await op.tx.update(cmsContent).set({ isLock: 'Y', lockUser: op.actor.userName }).where(eq(cmsContent.contentId, row.contentId));
  return op.actor.userName;
}

export async function unlock(op: SiteOp, row: ContentRow): Promise<void> {
  if (row.isLock === 'Y' && row.lockUser !== op.actor.userName && !holdsEverything(op.actor)) throw fail('cms.content.lockedBy', { title: row.title, user: row.lockUser });
  await op.tx.update(cmsContent).set({ isLock: 'N', lockUser: null }).where(eq(cmsContent.contentId, row.contentId));
}

/**
 * Places a content just before another in its catalog's list and gives it that one's top state
 * (spec §4): moved among tops it is on top, among the rest it is not.
 */
export async function sortBefore(op: SiteOp, row: ContentRow, target: ContentRow): Promise<void> {
  assertUnlocked(op, [row]);
  if (target.catalogId !== row.catalogId) throw fail('cms.content.sortOtherCatalog');
  await op.tx.update(cmsContent).set({ sortFlag: sql`${cmsContent.sortFlag} + 1` })
    .where(and(eq(cmsContent.catalogId, target.catalogId), gt(cmsContent.sortFlag, target.sortFlag), ne(cmsContent.contentId, row.contentId)));
  await op.tx.update(cmsContent).set({ sortFlag: target.sortFlag + 1, topFlag: target.topFlag, topDate: target.topDate, ...by(op) }).where(eq(cmsContent.contentId, row.contentId));
  await republishIfLive(op, [row]);
}

/** Moves contents into another catalog of the site (EditContent where they are, AddContent where they go). */
export async function move(op: SiteOp, rows: readonly ContentRow[], target: CatalogRow): Promise<void> {
  assertUnlocked(op, rows);
  if (target.catalogType !== 'common') throw fail('cms.content.linkCatalog');
  await republishIfLive(op, rows);
  await op.tx.update(cmsContent).set({ catalogId: target.catalogId, catalogAncestors: target.ancestors, ...by(op) }).where(inArray(cmsContent.contentId, idsOf(rows)));
  await republishIfLive(op, rows.map((r) => ({ ...r, catalogId: target.catalogId, catalogAncestors: target.ancestors })));
}

/**
 * Copies contents into catalogs, of this site or others (spec §9: copy or mapping). An
 * independent copy is a new draft with its own body; a mapping shows its source's body and is
 * republished with it. The actor needs AddContent on every target catalog, in its own site.
 */
export async function copy(op: SiteOp, rows: readonly ContentRow[], targets: readonly CatalogRow[], copyType: number): Promise<number[]> {
  const made: number[] = [];
  for (const target of targets) {
    if (target.catalogType !== 'common') throw fail('cms.content.linkCatalog');
    for (const source of rows) {
      const { contentId: _id, recycleTime: _r, recycleBy: _b, ...fields } = source;
      const mappingOf = source.copyType === COPY_TYPES.mapping && source.copyId ? source.copyId : source.contentId;
      const [copyRow] = await op.tx.insert(cmsContent).values({
        ...fields,
        siteId: target.siteId,
        catalogId: target.catalogId,
        catalogAncestors: target.ancestors,
        status: ContentStatus.DRAFT,
        topFlag: 0,
        topDate: null,
        isLock: 'N',
        lockUser: null,
        sortFlag: Date.now(),
        copyType,
        copyId: copyType === COPY_TYPES.mapping ? mappingOf : source.contentId,
        publishPipe: [],
        publishPipeProps: {},
        staticPath: null,
        viewCount: 0, favoriteCount: 0, likeCount: 0, commentCount: 0,
        version: 1,
        createBy: op.actor.userName,
        createTime: new Date(),
        updateBy: null,
        updateTime: null,
      }).returning({ id: cmsContent.contentId });
      await followTags(op.tx, target.siteId, [], source.tags);
      if (copyType !== COPY_TYPES.mapping) await DETAILS[source.contentType as ContentType].copy(op.tx, mappingOf, copyRow!.id);
      made.push(copyRow!.id);
    }
  }
  return made;
}

/**
 * Deletes contents to the recycle bin: each keeps its status (it comes back to it), with the time
 * and the user. Published ones leave the site first, and their mapping copies go with them.
 */
export async function recycle(op: SiteOp, rows: readonly ContentRow[]): Promise<void> {
  assertUnlocked(op, rows);
  const mappings = await mappingsOf(op, idsOf(rows));
  const all = [...rows, ...mappings];
  await op.tx.update(cmsContent).set({ recycleTime: new Date(), recycleBy: op.actor.userName }).where(inArray(cmsContent.contentId, idsOf(all)));
  await followContents(op.tx, all, 'gone');
  await enqueueContents(op.tx, all.filter((r) => r.status === ContentStatus.PUBLISHED || r.status === ContentStatus.EDITING), op.actor.userName);
}

/** Brings contents back from the recycle bin with their previous status (and their catalogs, if deleted too). */
export async function restore(op: SiteOp, rows: readonly ContentRow[]): Promise<void> {
  await restoreChains(op, [...new Set(rows.map((r) => r.catalogId))]);
  await op.tx.update(cmsContent).set({ recycleTime: null, recycleBy: null }).where(inArray(cmsContent.contentId, idsOf(rows)));
  await followContents(op.tx, rows, 'back');
  await enqueueContents(op.tx, rows.filter((r) => r.status === ContentStatus.PUBLISHED), op.actor.userName);
}

/** Deletes contents from the recycle bin for good. */
export async function purge(op: SiteOp, rows: readonly ContentRow[]): Promise<void> {
  await op.tx.delete(cmsContent).where(inArray(cmsContent.contentId, idsOf(rows)));
}

// The catalog tree's changes reach the contents in the same transaction.
catalogLifecycle.moved.push(async (op, oldPrefix, newPrefix) => {
  await op.tx.update(cmsContent).set({ catalogAncestors: sql`${newPrefix} || substr(${cmsContent.catalogAncestors}, ${oldPrefix.length + 1})` })
    .where(and(eq(cmsContent.siteId, op.site.siteId), like(cmsContent.catalogAncestors, `${oldPrefix}%`)));
});
catalogLifecycle.removing.push(async (op, catalogIds) => {
  const live = await op.tx.select().from(cmsContent).where(and(inArray(cmsContent.catalogId, catalogIds), isNull(cmsContent.recycleTime)));
  if (!live.length) return;
  await op.tx.update(cmsContent).set({ recycleTime: new Date(), recycleBy: op.actor.userName }).where(inArray(cmsContent.contentId, idsOf(live)));
  await followContents(op.tx, live, 'gone');
  await enqueueContents(op.tx, live.filter((r) => r.status === ContentStatus.PUBLISHED || r.status === ContentStatus.EDITING), op.actor.userName);
});
