import { and, eq, gt, inArray, lte, or } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Services } from '../../../core/services.ts';
import { systemActor } from '../../../core/access.ts';
import { serverOp, type SiteRef } from '../../../core/operation.ts';
import { allBits } from '../../../../shared/cms/perms.ts';
import { PageWidgetState } from '../../../../shared/cms/page-widget.ts';
import { cmsSite } from '../site/schema.ts';
import { cmsAdvertisement, cmsPageWidget } from './schema.ts';
import { publishWidgets } from './publish.ts';

const SCHEDULER_ACTOR = systemActor('scheduler');
/** How often the dates are looked at: an ad appears or disappears on the site within this. */
export const AD_DATES_EVERY_MS = 60_000;

/**
 * Published pages hold the ads that were live when they were written. When an ad's online or
 * offline date passes, its published space is published again (its file, and the pages embedding
 * it queued), so an expired ad leaves the site and a scheduled one arrives, without anyone
 * pressing Publish. Done as the scheduler, one transaction per run. Returns the spaces republished.
 */
export async function republishAdsCrossing(services: Services, since: Date, now = new Date()): Promise<number> {
  const queued: (() => unknown)[] = [];
  const count = await services.db.transaction(async (tx) => {
    const crossed = (col: PgColumn) => and(gt(col, since), lte(col, now));
    const spaces = await tx.selectDistinct({ id: cmsPageWidget.pageWidgetId, siteId: cmsPageWidget.siteId }).from(cmsPageWidget)
      .innerJoin(cmsAdvertisement, eq(cmsAdvertisement.adSpaceId, cmsPageWidget.pageWidgetId))
      .where(and(eq(cmsPageWidget.state, PageWidgetState.PUBLISHED), or(crossed(cmsAdvertisement.onlineDate), crossed(cmsAdvertisement.offlineDate))));
    if (!spaces.length) return 0;
    const sites = await tx.select({ siteId: cmsSite.siteId, siteName: cmsSite.name, path: cmsSite.path }).from(cmsSite).where(inArray(cmsSite.siteId, [...new Set(spaces.map((s) => s.siteId))]));
    for (const site of sites) {
      const ref: SiteRef = { ...site, bits: allBits('Site') };
      const rows = await tx.select().from(cmsPageWidget).where(inArray(cmsPageWidget.pageWidgetId, spaces.filter((s) => s.siteId === site.siteId).map((s) => s.id)));
      await publishWidgets(serverOp(services, SCHEDULER_ACTOR, ref, tx, (fn) => void queued.push(fn)), rows);
    }
    return spaces.length;
  });
  for (const fn of queued) await fn();
  return count;
}

/** Looks at the ads' dates every minute (from a day back at start: dates passed while the server was down). */
export function watchAdDates(services: Services, onError: (err: unknown) => void): () => void {
  let since = new Date(Date.now() - 86_400_000);
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    const now = new Date();
    republishAdsCrossing(services, since, now).then(() => {
      since = now;
    }, onError).finally(() => {
      running = false;
    });
  }, AD_DATES_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
