import { and, asc, eq, gt, isNull, lte, or, sql, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { AdState, PageWidgetState } from '../../../../shared/cms/page-widget.ts';
import { cmsAdvertisement, cmsPageWidget } from './schema.ts';

/** A page widget as templates see it (`PageWidget`, `cms_pagewidget_data`'s `Data`). */
export const WIDGET_COLUMNS = {
  pageWidgetId: cmsPageWidget.pageWidgetId, siteId: cmsPageWidget.siteId, catalogId: cmsPageWidget.catalogId, type: cmsPageWidget.type,
  name: cmsPageWidget.name, code: cmsPageWidget.code, state: cmsPageWidget.state, templates: cmsPageWidget.templates, path: cmsPageWidget.path,
  content: cmsPageWidget.content, strategy: cmsPageWidget.strategy, publishDate: cmsPageWidget.publishDate,
};

/** An ad as templates see it (`cms_advertisement`'s items). */
export const AD_COLUMNS = {
  advertisementId: cmsAdvertisement.advertisementId, adSpaceId: cmsAdvertisement.adSpaceId, type: cmsAdvertisement.type, name: cmsAdvertisement.name,
  weight: cmsAdvertisement.weight, keywords: cmsAdvertisement.keywords, onlineDate: cmsAdvertisement.onlineDate, offlineDate: cmsAdvertisement.offlineDate,
  redirectUrl: cmsAdvertisement.redirectUrl, resourcePath: cmsAdvertisement.resourcePath, remark: cmsAdvertisement.remark,
};

/**
 * The ads live now: enabled, online date passed (or none), offline date not reached (or none).
 * ChestnutCMS's tag ignores the dates; every reader of ads here goes through this condition.
 */
export const liveAds = (now: Date) => and(
  eq(cmsAdvertisement.state, AdState.ENABLED),
  or(isNull(cmsAdvertisement.onlineDate), lte(cmsAdvertisement.onlineDate, now)),
  or(isNull(cmsAdvertisement.offlineDate), gt(cmsAdvertisement.offlineDate, now)),
);

/** The published widgets of a site by code (a draft or an offline one is none: tags print nothing). */
export async function publishedWidgets(db: DbOrTx, siteId: number, codes: string[]) {
  if (!codes.length) return [];
  return db.select(WIDGET_COLUMNS).from(cmsPageWidget)
    .where(and(eq(cmsPageWidget.siteId, siteId), inArray(cmsPageWidget.code, codes), eq(cmsPageWidget.state, PageWidgetState.PUBLISHED)));
}

/** The live ads of a site's published ad space of this code, by weight then id. */
export async function liveAdsOf(db: DbOrTx, siteId: number, code: string, now = new Date()) {
  return db.select(AD_COLUMNS).from(cmsAdvertisement)
    .innerJoin(cmsPageWidget, eq(cmsPageWidget.pageWidgetId, cmsAdvertisement.adSpaceId))
    .where(and(
      eq(cmsPageWidget.siteId, siteId), eq(cmsAdvertisement.siteId, siteId), eq(cmsPageWidget.code, code), eq(cmsPageWidget.type, 'ads'),
      eq(cmsPageWidget.state, PageWidgetState.PUBLISHED), liveAds(now),
    ))
    .orderBy(sql`${cmsAdvertisement.weight} desc`, asc(cmsAdvertisement.advertisementId)).limit(200);
}
