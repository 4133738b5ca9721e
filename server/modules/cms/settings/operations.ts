import { and, eq } from 'drizzle-orm';
import { fail, FieldFailure } from '../../../core/errors.ts';
import { writeIn, type OpContext, type SiteOp } from '../../../core/operation.ts';
import {
  checkGroup, isS3Storage, secretKeysOf, withDefaults, type SiteConfigGroup, type SiteConfigValues,
} from '../../../../shared/cms/site-config.ts';
import { cmsSite } from '../site/schema.ts';
import { cmsResource } from '../resource/schema.ts';
import { presentResource, siteOf } from '../resource/operations.ts';
import { reachBucket, s3SettingsOf } from '../storage/s3.ts';
import { enqueue } from '../publish/enqueue.ts';

const hasFlag = (key: string) => `has${key}`;

const currentSiteRow = (op: SiteOp) => siteOf(op, op.site.siteId);

/** A tab of the current site's settings: stored over defaults; secrets never leave, a `has<Key>` flag says one is kept. */
export async function readSettings(op: SiteOp, group: SiteConfigGroup) {
  const site = await currentSiteRow(op);
  const values: Record<string, unknown> = withDefaults(site.configProps, group);
  for (const key of secretKeysOf(group)) {
    values[hasFlag(key)] = !!site.configProps[key];
    values[key] = '';
  }
  if (group === 'watermark' && site.configProps.WatermarkImage) {
    const [mark] = await op.tx.select().from(cmsResource).where(and(eq(cmsResource.resourceId, Number(site.configProps.WatermarkImage)), eq(cmsResource.siteId, site.siteId)));
    values.WatermarkImageSrc = mark ? presentResource(site, mark, op.services.config.dataDir).src : null;
  }
  return values;
}

/** The watermark must be an image of this site's own library. */
async function assertWatermarkImage(op: OpContext, siteId: number, id: string) {
  if (!id) return;
  const [mark] = await op.tx.select({ id: cmsResource.resourceId }).from(cmsResource)
    .where(and(eq(cmsResource.resourceId, Number(id)), eq(cmsResource.siteId, siteId), eq(cmsResource.resourceType, 'image')));
  if (!mark) throw new FieldFailure([{ field: 'WatermarkImage', key: 'notImage', params: {} }], 'siteConfig');
}

/**
 * Saves a tab of the current site's settings (Site Edit needed): only its keys, each checked, then
 * the rules across them on the values as they will be stored. A secret left empty keeps the stored
 * one. S3 settings are tried against the bucket before they are kept, so a site is never switched
 * to a storage that cannot take its uploads; called with a read context (as the route does), no
 * transaction is held while the bucket answers, and the write is one transaction of its own.
 * Returns whether a publish was queued (IndexNow's key file to write): the route wakes the worker.
 */
export async function saveSettings(op: SiteOp, group: SiteConfigGroup, values: SiteConfigValues): Promise<boolean> {
  const body = { ...values };
  for (const key of secretKeysOf(group)) if (!body[key]) delete body[key];
  const stored = await currentSiteRow(op);
  const next = { ...stored.configProps, ...body };
  const issues = checkGroup(group, withDefaults(next, group));
  if (issues.length) throw new FieldFailure(issues, 'siteConfig');
  if (group === 'storage' && isS3Storage(next.FileStorageType)) {
    const settings = s3SettingsOf(next);
    const problem = await reachBucket(settings);
    if (problem) throw fail('settings.bucketUnreachable', { bucket: settings.bucket, detail: problem });
  }
  return writeIn(op, async (w) => {
    const site = await currentSiteRow(w);
    if (group === 'watermark') await assertWatermarkImage(w, site.siteId, next.WatermarkImage ?? '');
    await w.tx.update(cmsSite).set({ configProps: { ...site.configProps, ...body }, updateBy: w.actor.userName, updateTime: new Date() }).where(eq(cmsSite.siteId, site.siteId));
    // IndexNow switched on or given a new key: the site's index task publishes the key file, before any push names it.
    const keyFile = group === 'seo' && indexNowKeyChanged(site.configProps, { ...site.configProps, ...body });
    if (keyFile) await enqueue(w.tx, [{ siteId: site.siteId, dataType: 'site', dataId: site.siteId }], w.actor.userName);
    return keyFile;
  });
}

const indexNowKeyChanged = (before: SiteConfigValues, after: SiteConfigValues) =>
  after.IndexNowEnabled === 'Y' && !!after.IndexNowKey && (before.IndexNowEnabled !== 'Y' || before.IndexNowKey !== after.IndexNowKey);
