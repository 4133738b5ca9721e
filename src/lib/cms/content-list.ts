import { BASE_PATH } from '../../../shared/constants.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { ContentStatus, type ContentSort, type ContentType } from '../../../shared/cms/content.ts';
import { ROOT_ID } from './catalog-tree.ts';

/**
 * The content screen's rules, free of UI code: the list's query (spec §2 Content List, §9 sort
 * options), the editor's addresses, the marks a row shows, and which actions a selection allows
 * under which permission key (the keys the server checks).
 */

export interface ContentFilters {
  title: string;
  contentType: string;
  status: string;
  /** every one must be set (CMSContentAttribute values) */
  attributes: string[];
  begin: Date | null;
  end: Date | null;
  sort: ContentSort;
  /** text the searchable extension fields hold (the toolbar's ExtendSearch) */
  extend?: string;
  /** members' contributions only */
  contribution?: boolean;
}

export const EMPTY_FILTERS: ContentFilters = { title: '', contentType: '', status: '', attributes: [], begin: null, end: null, sort: 'default', extend: '' };

/**
 * GET /cms/content/list (and /recycle/list): the chosen catalog (none = the whole site), its
 * sub-catalogs when asked, the filters and the page; blanks are left out.
 */
export function listQuery(catalogId: number | null, includeChild: boolean, f: ContentFilters, page: { page: number; limit: number }): Record<string, string | number> {
  const q: Record<string, string | number> = { pageNum: page.page, pageSize: page.limit };
  if (catalogId !== null && catalogId !== ROOT_ID) {
    q.catalogId = catalogId;
    if (includeChild) q.includeChild = 'true';
  }
  if (f.title.trim()) q.title = f.title.trim();
  if (f.contentType) q.contentType = f.contentType;
  if (f.status) q.status = f.status;
  if (f.attributes.length) q.attributes = f.attributes.join(',');
  if (f.begin) q.beginTime = formatDateTime(f.begin);
  if (f.end) q.endTime = formatDateTime(f.end);
  if (f.sort !== 'default') q.sort = f.sort;
  if (f.extend?.trim()) q.extend = f.extend.trim();
  if (f.contribution) q.contribution = 'Y';
  return q;
}

/**
 * The content editor (another screen): a new content of a type in a catalog, or an existing one;
 * in the console's shell, or standalone (`editorW`, spec §2) for a browser window of its own.
 */
export const EDITOR_PATH = `${BASE_PATH}cms/content/editor`;
export const EDITOR_WINDOW_PATH = `${BASE_PATH}cms/content/editorW`;
const editorPath = (standalone: boolean) => (standalone ? EDITOR_WINDOW_PATH : EDITOR_PATH);
export const newContentUrl = (catalogId: number, contentType: ContentType, standalone = false) =>
  `${editorPath(standalone)}?catalogId=${catalogId}&contentType=${contentType}`;
export const editContentUrl = (contentId: number, standalone = false) => `${editorPath(standalone)}?contentId=${contentId}`;

/** A list row, as GET /cms/content/list sends it. */
export interface ContentRow {
  contentId: number;
  catalogId: number;
  contentType: string;
  title: string;
  subTitle?: string | null;
  status: string;
  attributes: string[];
  topFlag: number;
  topDate?: string | null;
  isLock: string;
  lockUser?: string | null;
  author?: string | null;
  publishDate?: string | null;
  viewCount: number;
  copyType: number;
  /** the member who contributed it from the published site (null: an editor's own) */
  contributorId?: number | null;
  recycleTime?: string;
  recycleBy?: string;
  createTime?: string;
}

/** The marks of a row's attributes column: on top, recommended, hot. */
export const MARKS = ['top', 'recommend', 'hot'] as const;
export type Mark = (typeof MARKS)[number];
export const marksOf = (row: ContentRow): Mark[] => MARKS.filter((m) => (m === 'top' ? row.topFlag > 0 : row.attributes?.includes(m)));

export const LIVE: readonly string[] = [ContentStatus.PUBLISHED, ContentStatus.EDITING];
/** A row offers "publish" unless it is published, and "take offline" while it is on the site. */
export const canPublishRow = (row: ContentRow) => row.status !== ContentStatus.PUBLISHED;
export const canOfflineRow = (row: ContentRow) => LIVE.includes(row.status);

/** The tag colour of a status when its dictionary sets none. */
export const STATUS_SEVERITY: Record<string, 'success' | 'info' | 'warning' | 'danger' | 'secondary' | null> = {
  [ContentStatus.DRAFT]: 'secondary',
  [ContentStatus.TO_PUBLISH]: 'info',
  [ContentStatus.PUBLISHED]: 'success',
  [ContentStatus.OFFLINE]: 'warning',
  [ContentStatus.EDITING]: null,
  [ContentStatus.ARCHIVED]: 'secondary',
};

/** The list's batch actions, each with the key the server checks and the rows it needs. */
export const BATCH_ACTIONS = {
  publish: { perm: 'cms:content:publish', needs: 'some' },
  offline: { perm: 'cms:content:offline', needs: 'some' },
  remove: { perm: 'cms:content:remove', needs: 'some' },
  move: { perm: 'cms:content:edit', needs: 'some' },
  copy: { perm: 'cms:content:add', needs: 'some' },
  top: { perm: 'cms:content:edit', needs: 'some' },
  cancelTop: { perm: 'cms:content:edit', needs: 'some' },
  recommend: { perm: 'cms:content:edit', needs: 'some' },
  cancelRecommend: { perm: 'cms:content:edit', needs: 'some' },
  hot: { perm: 'cms:content:edit', needs: 'some' },
  cancelHot: { perm: 'cms:content:edit', needs: 'some' },
  lock: { perm: 'cms:content:lock', needs: 'some' },
  unlock: { perm: 'cms:content:lock', needs: 'some' },
  /** places the one selected content before another of its catalog */
  sort: { perm: 'cms:content:edit', needs: 'one' },
} as const satisfies Record<string, { perm: string; needs: 'some' | 'one' }>;
export type BatchAction = keyof typeof BATCH_ACTIONS;

/** Whether an action may run on this many selected rows. */
export const actionReady = (action: BatchAction, selected: number) => (BATCH_ACTIONS[action].needs === 'one' ? selected === 1 : selected > 0);

/** Recycle bin actions. */
export const RECYCLE_ACTIONS = {
  restore: { perm: 'cms:content:restore' },
  purge: { perm: 'cms:content:remove' },
} as const;

/**
 * The catalogs a copy or mapping goes to, across sites, in the order chosen: choosing one again
 * takes it back out.
 */
export interface CopyTarget {
  siteId: string;
  siteName: string;
  catalogId: number;
  name: string;
}
export function toggleTarget(targets: readonly CopyTarget[], next: CopyTarget): CopyTarget[] {
  return targets.some((t) => t.catalogId === next.catalogId) ? targets.filter((t) => t.catalogId !== next.catalogId) : [...targets, next];
}
/** Most target catalogs of one copy (the server takes up to 100). */
export const MAX_COPY_TARGETS = 100;
