import type { Doc } from './template-registry.ts';

/**
 * Custom dynamic pages (ChestnutCMS module cms-dynamic, table cms_dynamic_page): pages a site's
 * server renders on request at `/<site path>/<page path>` from one template per publish pipe, with
 * the query parameters as `Request`. Pure rules shared by the server and the console.
 */

/** A page's address below its site: folders of letters, digits, `_` and `-`; no dot, so never a published file's name. */
export const DYNAMIC_PATH_PATTERN = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+){0,7}$/;
export const DYNAMIC_PATH_MAX = 100;

/** First segments a page cannot take: the site's resources are served there. */
export const RESERVED_DYNAMIC_SEGMENTS: readonly string[] = ['resources'];

export const isReservedDynamicPath = (path: string) => RESERVED_DYNAMIC_SEGMENTS.includes(path.split('/')[0]!.toLowerCase());

/**
 * What a page may ask to be loaded before it renders, each from a query parameter: `Catalog` (the
 * catalog `catalogId` of the site) and `Content` (the published content `contentId`). ChestnutCMS's
 * init data types, `GET /cms/dynamic_page/init_data_types`.
 */
export const DYNAMIC_INIT_DATA_TYPES = [
  { type: 'Catalog', param: 'catalogId', name: { en: 'Catalog (catalogId)', 'zh-CN': '栏目（catalogId）', 'zh-TW': '欄目（catalogId）' } as Doc },
  { type: 'Content', param: 'contentId', name: { en: 'Content (contentId)', 'zh-CN': '内容（contentId）', 'zh-TW': '內容（contentId）' } as Doc },
] as const;
export type DynamicInitDataType = (typeof DYNAMIC_INIT_DATA_TYPES)[number]['type'];

/** The most query parameters a request hands to the template as `Request`, and the longest value kept. */
export const REQUEST_PARAMS_MAX = 50;
export const REQUEST_VALUE_MAX = 1000;

/** The address of a page from the pipe's prefix: `<prefix><path>[?query]`. */
export function dynamicPageLink(prefix: string, path: string, query = ''): string {
  const q = query.replace(/^[?&]+/, '');
  return `${prefix}${path}${q ? `?${q}` : ''}`;
}
