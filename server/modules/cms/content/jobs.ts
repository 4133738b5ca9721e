import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Services } from '../../../core/services.ts';
import type { Task } from '../../../core/tasks.ts';
import type { Tx } from '../../../db/client.ts';
import { systemActor } from '../../../core/access.ts';
import { serverOp, type OpContext, type SiteRef, type SiteOp } from '../../../core/operation.ts';
import { ContentStatus } from '../../../../shared/cms/content.ts';
import { allBits } from '../../../../shared/cms/perms.ts';
import { withDefaults } from '../../../../shared/cms/site-config.ts';
import { enqueueContents } from '../publish/enqueue.ts';
import { pruneFinishedTasks, PUBLISH_TASK_KEEP_DAYS } from '../publish/prune.ts';
import { daysBefore, wholeDays } from '../../job/index.ts';
import { cmsCatalog } from '../catalog/schema.ts';
import { cmsSite } from '../site/schema.ts';
import { cmsBookChapter, cmsContent } from './schema.ts';
import { cancelTop, publish, purge, takeDown } from './workflow.ts';
import type { ContentRow } from './access.ts';

/** Who the scheduled changes are made and recorded as. */
const SCHEDULER = 'scheduler';
const SCHEDULER_ACTOR = systemActor(SCHEDULER);
/** How many rows one run handles at most (the next run takes the rest), so a run stays short. */
const BATCH = 500;

type Due = { contentId: number; siteId: number };

/**
 * Runs the operation a user would run, once per site the due contents belong to, as the scheduler
 * (every right, like an administrator) and in one transaction: a scheduled publish, offline or end
 * of top does exactly what the same button does. `pick` selects the due contents in that
 * transaction (locked, skipping rows another server's run holds).
 */
async function asScheduler(services: Services, pick: (tx: Tx) => Promise<Due[]>, run: (op: SiteOp, rows: readonly ContentRow[]) => Promise<unknown>): Promise<number> {
  const queued: (() => unknown)[] = [];
  const count = await services.db.transaction(async (tx) => {
    const due = await pick(tx);
    if (!due.length) return 0;
    const siteIds = [...new Set(due.map((d) => d.siteId))];
    const sites = await tx.select({ siteId: cmsSite.siteId, siteName: cmsSite.name, path: cmsSite.path }).from(cmsSite).where(inArray(cmsSite.siteId, siteIds));
    for (const site of sites) {
      const ref: SiteRef = { ...site, bits: allBits('Site') };
      // The rows the job picked itself (locked in this transaction), as the scheduler holds every right.
      const rows = await tx.select().from(cmsContent).where(inArray(cmsContent.contentId, due.filter((d) => d.siteId === site.siteId).map((d) => d.contentId)));
      await run(serverOp(services, SCHEDULER_ACTOR, ref, tx, (fn) => void queued.push(fn)), rows);
    }
    return due.length;
  });
  for (const fn of queued) await fn();
  return count;
}

const dueColumns = { contentId: cmsContent.contentId, siteId: cmsContent.siteId };

/** Contents "to publish" whose date has come are published (the publish operation: pages queued). */
export function publishDue(services: Services, now = new Date()): Promise<number> {
  return asScheduler(services, (tx) => tx.select(dueColumns).from(cmsContent)
    // Spelled as two ranges of the (status, publish date) index, not coalesce(…) <= now, which
    // read every scheduled content's row each minute.
    .where(and(eq(cmsContent.status, ContentStatus.TO_PUBLISH), isNull(cmsContent.recycleTime),
      or(lte(cmsContent.publishDate, now), and(isNull(cmsContent.publishDate), lte(cmsContent.createTime, now)))))
    .limit(BATCH).for('update', { skipLocked: true }),
  (op, rows) => publish(op, rows, now));
}

/** Published contents past their offline date go offline (the offline operation: mapping copies too, pages queued for removal). */
export function offlineDue(services: Services, now = new Date()): Promise<number> {
  return asScheduler(services, (tx) => tx.select(dueColumns).from(cmsContent)
    .where(and(inArray(cmsContent.status, [ContentStatus.PUBLISHED, ContentStatus.EDITING]), isNull(cmsContent.recycleTime), lte(cmsContent.offlineDate, now)))
    .limit(BATCH).for('update', { skipLocked: true }),
  (op, rows) => takeDown(op, rows, ContentStatus.OFFLINE));
}

/**
 * Tops whose end time has passed end (the cancel-top operation: the lists showing them are
 * rewritten). A content in the recycle bin keeps its top until it comes back, then it ends.
 */
export function topExpired(services: Services, now = new Date()): Promise<number> {
  return asScheduler(services, (tx) => tx.select(dueColumns).from(cmsContent)
    .where(and(sql`${cmsContent.topFlag} <> 0`, isNotNull(cmsContent.topDate), lte(cmsContent.topDate, now), isNull(cmsContent.recycleTime)))
    .limit(BATCH).for('update', { skipLocked: true }),
  cancelTop);
}

/** Book chapters scheduled for a date that has come are published; their books' pages are queued. */
export async function chaptersDue(services: Services, now = new Date()): Promise<number> {
  return services.db.transaction(async (tx) => {
    const due = await tx.update(cmsBookChapter).set({ status: ContentStatus.PUBLISHED, updateBy: SCHEDULER, updateTime: now })
      .where(and(eq(cmsBookChapter.status, ContentStatus.TO_PUBLISH), lte(cmsBookChapter.publishDate, now)))
      .returning({ contentId: cmsBookChapter.contentId });
    const books = due.length
      ? await tx.select({ contentId: cmsContent.contentId, siteId: cmsContent.siteId, catalogAncestors: cmsContent.catalogAncestors }).from(cmsContent)
        .where(and(inArray(cmsContent.contentId, [...new Set(due.map((d) => d.contentId))]), eq(cmsContent.status, ContentStatus.PUBLISHED), isNull(cmsContent.recycleTime)))
      : [];
    await enqueueContents(tx, books, SCHEDULER);
    return due.length;
  });
}

/**
 * The recycle bin keeps contents for the site's RecycleKeepDays (0 = forever, spec §9); older ones
 * are deleted for good (the purge operation), and then deleted catalogs left without any content.
 */
export async function purgeRecycled(services: Services, now = new Date()): Promise<number> {
  const sites = await services.db.select({ siteId: cmsSite.siteId, configProps: cmsSite.configProps }).from(cmsSite);
  let purged = 0;
  for (const site of sites) {
    const days = Number(withDefaults(site.configProps, 'extend').RecycleKeepDays);
    if (!days) continue;
    const before = daysBefore(days, now);
    purged += await asScheduler(services, (tx) => tx.select(dueColumns).from(cmsContent)
      .where(and(eq(cmsContent.siteId, site.siteId), lte(cmsContent.recycleTime, before))).for('update', { skipLocked: true }), purge);
    // Then the catalogs deleted as long ago that hold nothing any more (a later run finishes what this one leaves).
    await services.db.delete(cmsCatalog).where(and(eq(cmsCatalog.siteId, site.siteId), lte(cmsCatalog.deleteTime, before),
      sql`not exists (select 1 from ${cmsContent} c where c.catalog_id = ${cmsCatalog.catalogId})`,
      sql`not exists (select 1 from ${cmsCatalog} k where k.parent_id = ${cmsCatalog.catalogId} and (k.delete_time is null or k.delete_time > ${before}))`));
  }
  return purged;
}

/** The scheduled task types the CMS contributes (ServerModule.tasks; seeded as jobs, on by default). */
export const CMS_TASKS = {
  'cms.publishDue': { describe: 'job.task.cmsPublishDue', jobName: 'job.name.cmsPublishDue', run: ({ services }) => publishDue(services).then(String) },
  'cms.offlineDue': { describe: 'job.task.cmsOfflineDue', jobName: 'job.name.cmsOfflineDue', run: ({ services }) => offlineDue(services).then(String) },
  'cms.topExpired': { describe: 'job.task.cmsTopExpired', jobName: 'job.name.cmsTopExpired', run: ({ services }) => topExpired(services).then(String) },
  'cms.chaptersDue': { describe: 'job.task.cmsChaptersDue', jobName: 'job.name.cmsChaptersDue', run: ({ services }) => chaptersDue(services).then(String) },
  'cms.purgeRecycled': { describe: 'job.task.cmsPurgeRecycled', jobName: 'job.name.cmsPurgeRecycled', run: ({ services }) => purgeRecycled(services).then(String) },
  'cms.prunePublishTasks': {
    describe: 'job.task.cmsPrunePublishTasks',
    jobName: 'job.name.cmsPrunePublishTasks',
    arg: 'days',
    run: ({ services, arg }) => pruneFinishedTasks(services.db, wholeDays(arg, PUBLISH_TASK_KEEP_DAYS)).then(String),
  },
} satisfies Record<string, Task>;

/** The jobs seeded for them: every minute, and the purge nightly. */
export const CMS_JOBS = [
  { jobName: 'CMS: publish scheduled contents', invokeTarget: 'cms.publishDue', cronExpression: '0 * * * * ?' },
  { jobName: 'CMS: take contents offline on their date', invokeTarget: 'cms.offlineDue', cronExpression: '10 * * * * ?' },
  { jobName: 'CMS: end expired tops', invokeTarget: 'cms.topExpired', cronExpression: '20 * * * * ?' },
  { jobName: 'CMS: publish scheduled book chapters', invokeTarget: 'cms.chaptersDue', cronExpression: '30 * * * * ?' },
  { jobName: 'CMS: empty the recycle bin of old contents', invokeTarget: 'cms.purgeRecycled', cronExpression: '0 30 3 * * ?' },
] as const;

/** Seeded by a later step than CMS_JOBS (seeds.ts), nightly. */
export const CMS_HOUSEKEEPING_JOBS = [
  { jobName: 'CMS: forget finished publish tasks', invokeTarget: 'cms.prunePublishTasks', cronExpression: '0 40 3 * * ?' },
] as const;
