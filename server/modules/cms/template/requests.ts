/**
 * What templates ask the database for, as data requests: a fixed vocabulary (catalogs, levels,
 * types, attributes, a tag word, one of six orders), never SQL from a template. A tag asks for
 * what it needs; an answer the run has not loaded yet is a miss: the page renders on without it,
 * the misses of the whole page are loaded together, and the page renders again (render.ts). So a
 * home page listing ten contents of each of fifty catalogs costs two renders and one batch of
 * queries, not fifty round trips in the middle of a render, and rendering itself stays synchronous.
 *
 * This module holds the vocabulary only (no database code), so a render thread can use it
 * without loading the query layer; data.ts answers the requests.
 */
import type { ContentRow } from './present.ts';

/** Published, live, in this pipe. */
export interface ContentFilter {
  /** catalogs to list from; null = the whole site */
  catalogs: number[] | null;
  types: string[];
  /** attribute bits every item has / none has */
  has: number;
  no: number;
  tag: string;
}

export const CONTENT_SORTS = ['Default', 'Recent', 'Views', 'Likes', 'Comments', 'Favorites'] as const;
export type ContentSortName = (typeof CONTENT_SORTS)[number];

export type DataRequest =
  | ({ kind: 'contents'; sort: ContentSortName; top: boolean; limit: number; offset: number } & ContentFilter)
  | ({ kind: 'count' } & ContentFilter)
  | { kind: 'closest'; contentId: number; catalogId: number; dir: 'Prev' | 'Next'; sort: ContentSortName; types: string[]; has: number; no: number }
  | { kind: 'rela'; contentId: number; limit: number }
  | { kind: 'content'; id: number }
  | { kind: 'article'; contentId: number }
  | { kind: 'album'; type: 'image' | 'audio' | 'video'; contentId: number; limit: number }
  | { kind: 'chapters'; contentId: number; limit: number }
  | { kind: 'chapter'; chapterId: number }
  | { kind: 'book'; contentId: number }
  | { kind: 'sites'; level: 'Root' | 'Current' | 'Child'; id: number; limit: number; offset: number }
  | { kind: 'siteProps'; code: string; limit: number; offset: number }
  | { kind: 'links'; code: string; limit: number; offset: number }
  | { kind: 'linkGroups'; code: string; limit: number; offset: number }
  | { kind: 'xmodelFields'; code: string }
  | { kind: 'customForm'; code: string }
  /** a site's vote by code, as its form prints it (vote/markup.ts) */
  | { kind: 'vote'; code: string }
  | { kind: 'xmodelData'; dataType: 'site' | 'catalog' | 'content'; id: number }
  /** the page's own content's extension values, display-ready (Content.extend / extendFields, xmodel/display.ts) */
  | { kind: 'xmodelView'; contentId: number; contentType: string }
  /** a published page widget of the site by its code (widget/data.ts) */
  | { kind: 'pageWidget'; code: string }
  /** the live ads of the site's published ad space of that code, dates enforced (widget/data.ts) */
  | { kind: 'ads'; code: string }
  | { kind: 'dict'; type: string; lang: string }
  /** hot words for a catalog's bodies (group '': the catalog's group, else the site's setting) or of one group by code */
  | { kind: 'hotWords'; catalogId: number; group: string }
  /** the sensitive and whitelist words (replaceSensitiveWord) */
  | { kind: 'sensitiveWords' }
  /** a page of the full-text search of the site's published contents (search/query.ts) */
  | { kind: 'search'; q: string; catalogId: number | null; includeChildren: boolean; contentType: string; onlyTitle: boolean; tag: boolean; page: number; size: number }
  /** the site's hot search words: set on top first, then the most searched (searchlog/words.ts) */
  | { kind: 'searchWords'; limit: number };

export type ListRequest = Extract<DataRequest, { kind: 'contents' }>;
export type CountRequest = Extract<DataRequest, { kind: 'count' }>;

/**
 * A paged list's window read together with the list's total (`count(*) over ()`), when the run
 * does not know the total yet: one statement instead of a count and a list (the publisher's, for
 * a catalog's list pages). Not a template's request: the session asks for it.
 */
export interface WindowRequest {
  kind: 'window';
  list: ListRequest;
}
export interface WindowAnswer {
  rows: ContentRow[];
  total: number;
}
/** What a session asks its data source for. */
export type LoadRequest = DataRequest | WindowRequest;

/** Kinds that belong to one page (a body, an album): dropped after the page, not kept for the run. */
export const PAGE_KINDS = new Set<DataRequest['kind']>(['article', 'album', 'chapters', 'chapter', 'book', 'rela', 'closest', 'xmodelView']);

/** The hot words of a catalog's bodies (the article tag asks; a content page loads them with its body). */
export const hotWordsNeed = (catalogId: number): DataRequest => ({ kind: 'hotWords', catalogId, group: '' });

/** The cache key of a request (requests are built with a fixed key order). */
export const keyOf = (req: LoadRequest) => JSON.stringify(req);

/** The count request of a list's filter: a paged list asks for both. */
export function countOf(r: ListRequest): CountRequest {
  const { kind: _k, sort: _s, top: _t, limit: _l, offset: _o, ...filter } = r;
  return { kind: 'count', ...filter };
}
