import { http } from '../../lib/request.ts';

/** The publish calls of the Sites and Catalog screens (server/modules/cms/publish/routes.ts). */

export interface SitePublishOptions {
  /** the index page only; otherwise every catalog and the contents of `contentStatus`, then the index */
  publishIndex: boolean;
  contentStatus: string;
}

export interface CatalogPublishOptions {
  publishChild: boolean;
  publishDetail: boolean;
  publishStatus: string;
}

/** Queues a site's publish. The server publishes the site the call names in CurrentSite: the row's, which need not be the current one. */
export const publishSite = (siteId: string, options: SitePublishOptions) =>
  http.post('/cms/site/publish', { siteId: Number(siteId), ...options }, { headers: { CurrentSite: siteId } });

/** Queues a catalog's publish (a catalog of the current site). */
export const publishCatalog = (catalogId: number, options: CatalogPublishOptions) => http.post('/cms/catalog/publish', { catalogId, ...options });
