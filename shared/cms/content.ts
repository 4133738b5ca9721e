/**
 * Content vocabulary shared by console and server (spec §3 Content, §4 States, §9 constants).
 * ChestnutCMS's values where it has them, so its clients and dictionaries keep working.
 */

/** Content types: ChestnutCMS's four plus Castanea's book. */
export const CONTENT_TYPES = ['article', 'image', 'audio', 'video', 'book'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** Catalog types: a common catalog lists content; a link catalog only points elsewhere. */
export const CATALOG_TYPES = ['common', 'link'] as const;
export type CatalogType = (typeof CATALOG_TYPES)[number];

/** The dictionaries of a content's status and attributes. */
export const CONTENT_STATUS_DICT = 'CMSContentStatus';
export const CONTENT_ATTRIBUTE_DICT = 'CMSContentAttribute';

/** Content status (dict CMSContentStatus) plus archive; the recycle bin keeps the previous status aside. */
export const ContentStatus = {
  DRAFT: '0',
  /** submitted for review: a review workflow bound to its catalog decides (server/modules/workflow) */
  REVIEWING: '10',
  TO_PUBLISH: '20',
  PUBLISHED: '30',
  OFFLINE: '40',
  EDITING: '60',
  ARCHIVED: '70',
} as const;
export type ContentStatusValue = (typeof ContentStatus)[keyof typeof ContentStatus];
export const CONTENT_STATUSES = Object.values(ContentStatus);

/** Statuses whose contents a site or catalog publish may publish: published ones again, or those waiting to be. */
export const PUBLISHABLE_STATUSES = [ContentStatus.PUBLISHED, ContentStatus.TO_PUBLISH, ContentStatus.DRAFT, ContentStatus.EDITING, ContentStatus.OFFLINE] as const;

/** Content attributes (dict CMSContentAttribute): a bit each. */
export const CONTENT_ATTRIBUTES = { image: 1, video: 2, attach: 4, hot: 8, recommend: 16 } as const;
export type ContentAttribute = keyof typeof CONTENT_ATTRIBUTES;

/** List orders of spec §9 Sort options. */
export const CONTENT_SORTS = [
  'default',
  'createTimeAsc', 'createTimeDesc',
  'publishDateAsc', 'publishDateDesc',
  'viewCountDesc', 'favoriteCountDesc', 'likeCountDesc', 'commentCountDesc',
] as const;
export type ContentSort = (typeof CONTENT_SORTS)[number];

/** Copy modes (spec §9): an independent copy, or a mapping that shows the source's body. */
export const COPY_TYPES = { copy: 1, mapping: 2 } as const;

/** Title repeat check (spec §9, site setting RepeatTitleCheck): none, site, catalog. */
export const REPEAT_TITLE = { none: '0', site: '1', catalog: '2' } as const;

/** Batch calls take at most this many ids (a request naming 10,000 is refused before any work). */
export const MAX_BATCH_IDS = 1000;

/**
 * A search (title, attributes, dates) counts its matches only this far past the page's offset; the
 * list then says "1,000+" (`totalCapped`). An exact count of a common word re-reads thousands of
 * rows on every page; nobody pages through a thousand results, they narrow the search.
 */
export const SEARCH_COUNT_CAP = 1000;

/** Where an article's body breaks into pages (each page is its own published file, `<id>_N`). */
export const PAGE_BREAK = '<hr class="page-break">';
