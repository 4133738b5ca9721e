import { CONTENT_ATTRIBUTES } from '../../../../shared/cms/content.ts';
import { withDefaults, configKeysOf } from '../../../../shared/cms/site-config.ts';
import type { cmsCatalog } from '../catalog/schema.ts';
import type { cmsSite } from '../site/schema.ts';
import { templateDate } from './dates.ts';
import type { LinkRules } from './urls.ts';

/**
 * What templates see of sites, catalogs and contents: plain objects of own properties (no class
 * instances, no functions, nothing reaching the database or the process), frozen so a template
 * cannot change what other pages share. Dates are "yyyy-MM-dd HH:mm:ss" strings (dates.ts).
 */

export type SiteRow = typeof cmsSite.$inferSelect;
export type CatalogRow = typeof cmsCatalog.$inferSelect;
export type Obj = Readonly<Record<string, unknown>>;

/** The columns of a content a template sees, as the data loader selects them. */
export interface ContentRow {
  contentId: number;
  siteId: number;
  catalogId: number;
  contentType: string;
  title: string;
  subTitle: string | null;
  shortTitle: string | null;
  titleStyle: string | null;
  logo: string | null;
  author: string | null;
  editor: string | null;
  original: string;
  summary: string | null;
  tags: string[];
  keywords: string[];
  source: string | null;
  sourceUrl: string | null;
  attributes: number;
  linkFlag: string;
  redirectUrl: string | null;
  staticPath: string | null;
  topFlag: number;
  publishDate: Date | null;
  createTime: Date;
  updateTime: Date | null;
  viewCount: number;
  likeCount: number;
  commentCount: number;
  favoriteCount: number;
  seoTitle: string | null;
  seoKeywords: string | null;
  seoDescription: string | null;
  status: string;
  copyType: number;
  copyId: number | null;
  publishPipe: string[];
  publishPipeProps: Record<string, Record<string, unknown>>;
}

const ATTRIBUTE_BITS = Object.entries(CONTENT_ATTRIBUTES);
export const attributeNames = (bits: number) => ATTRIBUTE_BITS.filter(([, bit]) => (bits & bit) !== 0).map(([name]) => name);
/** The bits of attribute names (comma list already split). */
export const attributeBits = (names: readonly string[]) => names.reduce((n, name) => n | (CONTENT_ATTRIBUTES[name as keyof typeof CONTENT_ATTRIBUTES] ?? 0), 0);

/** Deep-freezes what it builds (objects and arrays of plain values). */
export function freeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as object)) freeze(v);
  }
  return value;
}

/** Resolves a link or file reference (iurl, site-relative path, URL) for this page. */
export type Resolve = (url: string) => string;

/**
 * The site: its fields, `link`, `logoSrc`, its Extend and Comment settings as `extend_<key>` (never a
 * secret: only those two groups; a theme shows its comments by `extend_CommentEnabled`) and its extension model's values as `extend` / `extendFields` (extend-present.ts).
 */
export function presentSite(site: SiteRow, links: LinkRules, resolve: Resolve, extension: { extend?: unknown; extendFields?: unknown } = {}): Obj {
  const extend = withDefaults(site.configProps, 'extend');
  const out: Record<string, unknown> = {
    siteId: site.siteId,
    parentId: site.parentId,
    name: site.name,
    description: site.description ?? '',
    path: site.path,
    link: links.siteLink,
    logo: site.logo ?? '',
    logoSrc: site.logo ? resolve(site.logo) : '',
    resourceUrl: site.resourceUrl ?? '',
    seoTitle: site.seoTitle ?? '',
    seoKeywords: site.seoKeywords ?? '',
    seoDescription: site.seoDescription ?? '',
    sortFlag: site.sortFlag,
  };
  for (const key of configKeysOf('extend')) out[`extend_${key}`] = extend[key] ?? '';
  const comment = withDefaults(site.configProps, 'comment');
  for (const key of configKeysOf('comment')) out[`extend_${key}`] = comment[key] ?? '';
  Object.assign(out, extension);
  return freeze(out);
}

export interface CatalogPresentation {
  link: string;
  listLink: string;
  contentCount: number;
  /** its extension model's values (extend-present.ts) */
  extend?: Readonly<Record<string, string>>;
  extendFields?: readonly unknown[];
}

export function presentCatalog(c: CatalogRow, extra: CatalogPresentation, resolve: Resolve): Obj {
  const out: Record<string, unknown> = {
    catalogId: c.catalogId,
    siteId: c.siteId,
    parentId: c.parentId,
    ancestors: c.ancestors,
    name: c.name,
    alias: c.alias,
    path: c.path,
    catalogType: c.catalogType,
    redirectUrl: c.redirectUrl ?? '',
    description: c.description ?? '',
    logo: c.logo ?? '',
    logoSrc: c.logo ? resolve(c.logo) : '',
    sortFlag: c.sortFlag,
    treeLevel: c.treeLevel,
    childCount: c.childCount,
    pageSize: c.pageSize,
    /** 'Y': members may contribute to it (the account/contribute page lists such catalogs) */
    contribute: c.contribute,
    seoTitle: c.seoTitle ?? '',
    seoKeywords: c.seoKeywords ?? '',
    seoDescription: c.seoDescription ?? '',
    ...extra,
  };
  for (const [key, value] of Object.entries(c.configProps ?? {})) if (/^[A-Za-z0-9_]+$/.test(key)) out[`extend_${key}`] = value;
  return freeze(out);
}

/** A content as tags list it and as the page's `Content` (books add `book`). */
export function presentContent(row: ContentRow, extra: { link: string; catalogName: string; catalogLink: string }, resolve: Resolve, more: Record<string, unknown> = {}): Obj {
  return freeze({
    contentId: row.contentId,
    siteId: row.siteId,
    catalogId: row.catalogId,
    catalogName: extra.catalogName,
    catalogLink: extra.catalogLink,
    contentType: row.contentType,
    title: row.title,
    subTitle: row.subTitle ?? '',
    shortTitle: row.shortTitle ?? '',
    titleStyle: row.titleStyle ?? '',
    logo: row.logo ?? '',
    logoSrc: row.logo ? resolve(row.logo) : '',
    author: row.author ?? '',
    editor: row.editor ?? '',
    original: row.original,
    summary: row.summary ?? '',
    tags: [...(row.tags ?? [])],
    keywords: [...(row.keywords ?? [])],
    source: row.source ?? '',
    sourceUrl: row.sourceUrl ?? '',
    attributes: attributeNames(row.attributes),
    linkFlag: row.linkFlag,
    redirectUrl: row.redirectUrl ?? '',
    topFlag: row.topFlag,
    publishDate: templateDate(row.publishDate),
    createTime: templateDate(row.createTime),
    updateTime: templateDate(row.updateTime),
    viewCount: row.viewCount,
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    favoriteCount: row.favoriteCount,
    seoTitle: row.seoTitle ?? '',
    seoKeywords: row.seoKeywords ?? '',
    seoDescription: row.seoDescription ?? '',
    link: extra.link,
    ...more,
  });
}
