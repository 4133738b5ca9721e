import { and, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Services } from '../../../core/services.ts';
import { ContentStatus } from '../../../../src/lib/cms/content.ts';
import { withDefaults } from '../../../../src/lib/cms/site-config.ts';
import { enqueueContents } from '../publish/enqueue.ts';
import { cmsCatalog } from '../catalog/schema.ts';
import { cmsSite } from '../site/schema.ts';
import { cmsBookChapter, cmsContent } from './schema.ts';

/** Who the scheduled changes are recorded as. */
const SCHEDULER = 'scheduler';
/** How many rows one run handles at most (the next run takes the rest), so a run stays short. */
const BATCH = 500;

/** Contents "to publish" whose date has come are published, and their pages queued. */
export async function publishDue(services: Services, now = new Date()): Promise<number> {
  return services.db.transaction(async (tx) => {
    const due = await tx.select({ contentId: cmsContent.contentId, siteId: cmsContent.siteId, catalogAncestors: cmsContent.catalogAncestors }).from(cmsContent)
      .where(and(eq(cmsContent.status, ContentStatus.TO_PUBLISH), isNull(cmsContent.recycleTime), sql`coalesce(${cmsContent.publishDate}, ${cmsContent.createTime}) <= ${now}`))
      .limit(BATCH).for('update', { skipLocked: true });
    if (!due.length) return 0;
    await tx.update(cmsContent).set({ status: ContentStatus.PUBLISHED, publishDate: sql`coalesce(${cmsContent.publishDate}, ${now})`, updateBy: SCHEDULER, updateTime: now })
      .where(inArray(cmsContent.contentId, due.map((d) => d.contentId)));
    await enqueueContents(tx, due, SCHEDULER);
    return due.length;
  });
}

/** Published contents past their offline date go offline, and their pages are queued for removal. */
export async function offlineDue(services: Services, now = new Date()): Promise<number> {
  return services.db.transaction(async (tx) => {
    const due = await tx.select({ contentId: cmsContent.contentId, siteId: cmsContent.siteId, catalogAncestors: cmsContent.catalogAncestors }).from(cmsContent)
      .where(and(inArray(cmsContent.status, [ContentStatus.PUBLISHED, ContentStatus.EDITING]), isNull(cmsContent.recycleTime), lte(cmsContent.offlineDate, now)))
      .limit(BATCH).for('update', { skipLocked: true });
    if (!due.length) return 0;
    await tx.update(cmsContent).set({ status: ContentStatus.OFFLINE, updateBy: SCHEDULER, updateTime: now }).where(inArray(cmsContent.contentId, due.map((d) => d.contentId)));
    await enqueueContents(tx, due, SCHEDULER);
    return due.length;
  });
}

/** Tops whose end time has passed end; the lists showing them are rewritten. */
export async function topExpired(services: Services, now = new Date()): Promise<number> {
  return services.db.transaction(async (tx) => {
    const due = await tx.update(cmsContent).set({ topFlag: 0, topDate: null, updateBy: SCHEDULER, updateTime: now })
      .where(and(sql`${cmsContent.topFlag} <> 0`, isNotNull(cmsContent.topDate), lte(cmsContent.topDate, now)))
      .returning({ contentId: cmsContent.contentId, siteId: cmsContent.siteId, catalogAncestors: cmsContent.catalogAncestors, status: cmsContent.status, recycleTime: cmsContent.recycleTime });
    await enqueueContents(tx, due.filter((d) => d.status === ContentStatus.PUBLISHED && !d.recycleTime), SCHEDULER);
    return due.length;
  });
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
 * are deleted for good, and then deleted catalogs left without any content.
 */
export async function purgeRecycled(services: Services, now = new Date()): Promise<number> {
  const sites = await services.db.select({ siteId: cmsSite.siteId, configProps: cmsSite.configProps }).from(cmsSite);
  let purged = 0;
  for (const site of sites) {
    const days = Number(withDefaults(site.configProps, 'extend').RecycleKeepDays);
    if (!days) continue;
    const before = new Date(now.getTime() - days * 86_400_000);
    purged += await services.db.transaction(async (tx) => {
      const gone = await tx.delete(cmsContent).where(and(eq(cmsContent.siteId, site.siteId), lte(cmsContent.recycleTime, before))).returning({ id: cmsContent.contentId });
      await tx.delete(cmsCatalog).where(and(eq(cmsCatalog.siteId, site.siteId), lte(cmsCatalog.deleteTime, before),
        sql`not exists (select 1 from ${cmsContent} c where c.catalog_id = ${cmsCatalog.catalogId})`,
        sql`not exists (select 1 from ${cmsCatalog} k where k.parent_id = ${cmsCatalog.catalogId} and (k.delete_time is null or k.delete_time > ${before}))`));
      return gone.length;
    });
  }
  return purged;
}

/** The scheduled tasks the CMS contributes to the job registry (seeded as jobs, on by default). */
export const CMS_TASKS = {
  'cms.publishDue': { describe: 'job.task.cmsPublishDue', run: ({ services }: { services: Services }) => publishDue(services).then(String) },
  'cms.offlineDue': { describe: 'job.task.cmsOfflineDue', run: ({ services }: { services: Services }) => offlineDue(services).then(String) },
  'cms.topExpired': { describe: 'job.task.cmsTopExpired', run: ({ services }: { services: Services }) => topExpired(services).then(String) },
  'cms.chaptersDue': { describe: 'job.task.cmsChaptersDue', run: ({ services }: { services: Services }) => chaptersDue(services).then(String) },
  'cms.purgeRecycled': { describe: 'job.task.cmsPurgeRecycled', run: ({ services }: { services: Services }) => purgeRecycled(services).then(String) },
} as const;

/** The jobs seeded for them: every minute, and the purge nightly. */
export const CMS_JOBS = [
  { jobName: 'CMS: publish scheduled contents', invokeTarget: 'cms.publishDue', cronExpression: '0 * * * * ?' },
  { jobName: 'CMS: take contents offline on their date', invokeTarget: 'cms.offlineDue', cronExpression: '10 * * * * ?' },
  { jobName: 'CMS: end expired tops', invokeTarget: 'cms.topExpired', cronExpression: '20 * * * * ?' },
  { jobName: 'CMS: publish scheduled book chapters', invokeTarget: 'cms.chaptersDue', cronExpression: '30 * * * * ?' },
  { jobName: 'CMS: empty the recycle bin of old contents', invokeTarget: 'cms.purgeRecycled', cronExpression: '0 30 3 * * ?' },
] as const;
