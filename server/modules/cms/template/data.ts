import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { ContentStatus } from '../../../../src/lib/cms/content.ts';
import { cmsArticleDetail, cmsAudio, cmsBook, cmsBookChapter, cmsContent, cmsContentRela, cmsImage, cmsVideo } from '../content/schema.ts';
import { cmsSite, cmsSiteProperty } from '../site/schema.ts';
import type { ContentRow } from './present.ts';

/**
 * What templates ask the database for, as data requests: a fixed vocabulary (catalogs, levels,
 * types, attributes, a tag word, one of six orders), never SQL from a template. A tag asks for
 * what it needs; an answer the run has not loaded yet is a miss: the page renders on without it,
 * the misses of the whole page are loaded together, and the page renders again (render.ts). So a
 * home page listing ten contents of each of fifty catalogs costs two renders and one batch of
 * queries, not fifty round trips in the middle of a render, and rendering itself stays synchronous.
 */

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
  | { kind: 'dict'; type: string; lang: string };

/** Kinds that belong to one page (a body, an album): dropped after the page, not kept for the run. */
export const PAGE_KINDS = new Set<DataRequest['kind']>(['article', 'album', 'chapters', 'chapter', 'book', 'rela', 'closest']);

/** The cache key of a request (requests are built with a fixed key order). */
export const keyOf = (req: DataRequest) => JSON.stringify(req);

export const CONTENT_COLUMNS = {
  contentId: cmsContent.contentId, siteId: cmsContent.siteId, catalogId: cmsContent.catalogId, contentType: cmsContent.contentType,
  title: cmsContent.title, subTitle: cmsContent.subTitle, shortTitle: cmsContent.shortTitle, titleStyle: cmsContent.titleStyle,
  logo: cmsContent.logo, author: cmsContent.author, editor: cmsContent.editor, original: cmsContent.original, summary: cmsContent.summary,
  tags: cmsContent.tags, keywords: cmsContent.keywords, source: cmsContent.source, sourceUrl: cmsContent.sourceUrl,
  attributes: cmsContent.attributes, linkFlag: cmsContent.linkFlag, redirectUrl: cmsContent.redirectUrl, staticPath: cmsContent.staticPath,
  topFlag: cmsContent.topFlag, publishDate: cmsContent.publishDate, createTime: cmsContent.createTime, updateTime: cmsContent.updateTime,
  viewCount: cmsContent.viewCount, likeCount: cmsContent.likeCount, commentCount: cmsContent.commentCount, favoriteCount: cmsContent.favoriteCount,
  seoTitle: cmsContent.seoTitle, seoKeywords: cmsContent.seoKeywords, seoDescription: cmsContent.seoDescription,
  status: cmsContent.status, copyType: cmsContent.copyType, copyId: cmsContent.copyId, publishPipe: cmsContent.publishPipe, publishPipeProps: cmsContent.publishPipeProps,
};

const SORT_COLUMN = {
  Default: cmsContent.sortFlag,
  Recent: cmsContent.publishDate,
  Views: cmsContent.viewCount,
  Likes: cmsContent.likeCount,
  Comments: cmsContent.commentCount,
  Favorites: cmsContent.favoriteCount,
} as const;

export interface LoadScope {
  siteId: number;
  pipeCode: string;
}

/** Published, live contents of the site that go to this pipe (an empty pipe list means every pipe). */
export function published(scope: LoadScope): SQL {
  return and(
    eq(cmsContent.siteId, scope.siteId),
    eq(cmsContent.status, ContentStatus.PUBLISHED),
    isNull(cmsContent.recycleTime),
    sql`(${cmsContent.publishPipe} = '[]'::jsonb or ${cmsContent.publishPipe} @> ${JSON.stringify([scope.pipeCode])}::jsonb)`,
  )!;
}

function filtered(scope: LoadScope, f: Omit<ContentFilter, 'catalogs' | 'tag'> & Partial<Pick<ContentFilter, 'catalogs' | 'tag'>>): SQL {
  return and(
    published(scope),
    // One catalog as `=`: the planner then walks that catalog's index in the list's order.
    f.catalogs ? (f.catalogs.length === 1 ? eq(cmsContent.catalogId, f.catalogs[0]!) : inArray(cmsContent.catalogId, f.catalogs.length ? f.catalogs : [-1])) : undefined,
    f.types.length ? inArray(cmsContent.contentType, f.types) : undefined,
    f.has ? sql`(${cmsContent.attributes} & ${f.has}) = ${f.has}` : undefined,
    f.no ? sql`(${cmsContent.attributes} & ${f.no}) = 0` : undefined,
    f.tag ? sql`${cmsContent.tags} @> ${JSON.stringify([f.tag])}::jsonb` : undefined,
  )!;
}

type Row = Record<string, unknown>;
const byContent = <T extends { contentId: number }>(rows: T[]) => {
  const map = new Map<number, T[]>();
  for (const r of rows) {
    const list = map.get(r.contentId);
    if (list) list.push(r);
    else map.set(r.contentId, [r]);
  }
  return map;
};

/**
 * Loads a batch of requests: requests of one kind that can share a query do (bodies, albums,
 * chapters, contents by id); lists run one indexed query each, all in this one round.
 */
export async function loadRequests(db: DbOrTx, scope: LoadScope, requests: DataRequest[], lookups: { dict(type: string, lang: string): Promise<{ value: string; label: string }[]> }): Promise<Map<DataRequest, unknown>> {
  const out = new Map<DataRequest, unknown>();
  const of = <K extends DataRequest['kind']>(kind: K) => requests.filter((r): r is Extract<DataRequest, { kind: K }> => r.kind === kind);

  const ids = of('content');
  if (ids.length) {
    const rows = await db.select(CONTENT_COLUMNS).from(cmsContent)
      .where(and(eq(cmsContent.siteId, scope.siteId), isNull(cmsContent.recycleTime), inArray(cmsContent.contentId, ids.map((r) => r.id)))) as ContentRow[];
    for (const r of ids) out.set(r, rows.find((x) => x.contentId === r.id) ?? null);
  }

  const articles = of('article');
  if (articles.length) {
    const rows = await db.select({ contentId: cmsArticleDetail.contentId, contentHtml: cmsArticleDetail.contentHtml, pageTitles: cmsArticleDetail.pageTitles })
      .from(cmsArticleDetail).where(inArray(cmsArticleDetail.contentId, articles.map((r) => r.contentId)));
    for (const r of articles) out.set(r, rows.find((x) => x.contentId === r.contentId) ?? { contentId: r.contentId, contentHtml: '', pageTitles: null });
  }

  for (const type of ['image', 'audio', 'video'] as const) {
    const albums = of('album').filter((r) => r.type === type);
    if (!albums.length) continue;
    const table = { image: cmsImage, audio: cmsAudio, video: cmsVideo }[type];
    const rows = byContent(await db.select().from(table).where(inArray(table.contentId, albums.map((r) => r.contentId))).orderBy(asc(table.sortFlag)) as (Row & { contentId: number })[]);
    for (const r of albums) out.set(r, (rows.get(r.contentId) ?? []).slice(0, r.limit));
  }

  const chapterLists = of('chapters');
  if (chapterLists.length) {
    const rows = byContent(await db.select({ chapterId: cmsBookChapter.chapterId, contentId: cmsBookChapter.contentId, title: cmsBookChapter.title, wordCount: cmsBookChapter.wordCount, publishDate: cmsBookChapter.publishDate })
      .from(cmsBookChapter)
      .where(and(inArray(cmsBookChapter.contentId, chapterLists.map((r) => r.contentId)), eq(cmsBookChapter.status, ContentStatus.PUBLISHED)))
      .orderBy(asc(cmsBookChapter.sortFlag), asc(cmsBookChapter.chapterId)));
    for (const r of chapterLists) out.set(r, (rows.get(r.contentId) ?? []).slice(0, r.limit));
  }

  for (const r of of('chapter')) {
    const [row] = await db.select().from(cmsBookChapter).where(eq(cmsBookChapter.chapterId, r.chapterId));
    out.set(r, row ?? null);
  }

  const books = of('book');
  if (books.length) {
    const rows = await db.select().from(cmsBook).where(inArray(cmsBook.contentId, books.map((r) => r.contentId)));
    for (const r of books) out.set(r, rows.find((x) => x.contentId === r.contentId) ?? null);
  }

  for (const [r, rows] of await loadLists(db, scope, of('contents'))) out.set(r, rows);
  for (const [r, n] of await loadCounts(db, scope, of('count'))) out.set(r, n);

  for (const r of of('closest')) {
    // Row comparison in SQL: the neighbour by (sort value, id), the content's own value read there
    // (a date brought into JavaScript would lose its microseconds and miss ties).
    const col = SORT_COLUMN[r.sort];
    const after = r.dir === 'Next';
    const self = sql`(select ${col}, ${cmsContent.contentId} from ${cmsContent} where ${cmsContent.contentId} = ${r.contentId})`;
    const [hit] = await db.select(CONTENT_COLUMNS).from(cmsContent)
      .where(and(filtered(scope, { ...r, catalogs: [r.catalogId], tag: '' }), after ? sql`(${col}, ${cmsContent.contentId}) > ${self}` : sql`(${col}, ${cmsContent.contentId}) < ${self}`))
      .orderBy(...(after ? [asc(col), asc(cmsContent.contentId)] : [desc(col), desc(cmsContent.contentId)]))
      .limit(1);
    out.set(r, hit ?? null);
  }

  for (const r of of('rela')) {
    out.set(r, await db.select(CONTENT_COLUMNS).from(cmsContentRela)
      .innerJoin(cmsContent, eq(cmsContent.contentId, cmsContentRela.relaContentId))
      .where(and(eq(cmsContentRela.contentId, r.contentId), published(scope)))
      .orderBy(asc(cmsContentRela.sortFlag), asc(cmsContent.contentId))
      .limit(r.limit));
  }

  for (const r of of('sites')) {
    const [self] = await db.select({ siteId: cmsSite.siteId, parentId: cmsSite.parentId }).from(cmsSite).where(eq(cmsSite.siteId, r.id));
    const where = r.level === 'Root' ? eq(cmsSite.parentId, 0) : r.level === 'Child' ? eq(cmsSite.parentId, r.id) : eq(cmsSite.parentId, self?.parentId ?? 0);
    out.set(r, await db.select().from(cmsSite).where(where).orderBy(asc(cmsSite.sortFlag), asc(cmsSite.siteId)).limit(r.limit).offset(r.offset));
  }

  for (const r of of('siteProps')) {
    out.set(r, await db.select({ propName: cmsSiteProperty.propName, propCode: cmsSiteProperty.propCode, propValue: cmsSiteProperty.propValue }).from(cmsSiteProperty)
      .where(and(eq(cmsSiteProperty.siteId, scope.siteId), r.code ? eq(cmsSiteProperty.propCode, r.code) : undefined))
      .orderBy(asc(cmsSiteProperty.propCode)).limit(r.limit).offset(r.offset));
  }

  for (const r of of('dict')) out.set(r, await lookups.dict(r.type, r.lang));
  return out;
}

type ListRequest = Extract<DataRequest, { kind: 'contents' }>;
type CountRequest = Extract<DataRequest, { kind: 'count' }>;

/** Branches of one UNION ALL statement at most (a home page lists one per catalog). */
const BRANCHES_MAX = 100;

/**
 * A list's order, written as its index is (else PostgreSQL sorts the catalog, or walks the whole
 * site's status index: 73 ms instead of 4 for ten rows). The publish date indexes keep nulls last
 * while plain desc puts them first; published contents always have a date (publishing sets it),
 * so the rows and their order are the same.
 */
const listOrder = (r: ListRequest) => [
  ...(r.top ? [desc(cmsContent.topFlag)] : []),
  r.sort === 'Recent' ? sql`${cmsContent.publishDate} desc nulls last` : desc(SORT_COLUMN[r.sort]),
  desc(cmsContent.contentId),
];

/** Runs `each` over `items` in chunks of BRANCHES_MAX. */
async function chunked<T>(items: T[], each: (chunk: T[], base: number) => Promise<void>) {
  for (let i = 0; i < items.length; i += BRANCHES_MAX) await each(items.slice(i, i + BRANCHES_MAX), i);
}

/**
 * The lists of one round in one statement (a home page of fifty catalog lists was fifty selects;
 * each statement costs PGlite time and memory of its own). Every branch is the query the list
 * would be alone (its filter, order, limit and offset, walking the same index), tagged with the
 * list's place and its rows numbered in its order: a UNION ALL promises no order of its own.
 */
async function loadLists(db: DbOrTx, scope: LoadScope, lists: ListRequest[]): Promise<Map<ListRequest, ContentRow[]>> {
  const out = new Map<ListRequest, ContentRow[]>();
  await chunked(lists, async (chunk, base) => {
    const branch = (r: ListRequest, i: number) => {
      const order = listOrder(r);
      return db.select({ ...CONTENT_COLUMNS, q: sql<number>`${base + i}::int`.as('q'), rn: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('rn') })
        .from(cmsContent).where(filtered(scope, r)).orderBy(...order).limit(r.limit).offset(r.offset);
    };
    const [a, b, ...rest] = chunk.map(branch);
    const rows = (b ? await unionAll(a!, b, ...rest) : await a!) as (ContentRow & { q: number; rn: number })[];
    const byList = new Map<number, (ContentRow & { rn: number })[]>();
    for (const { q, ...row } of rows) {
      const list = byList.get(Number(q));
      if (list) list.push(row);
      else byList.set(Number(q), [row]);
    }
    chunk.forEach((r, i) => {
      const list = (byList.get(base + i) ?? []).sort((x, y) => Number(x.rn) - Number(y.rn));
      out.set(r, list.map(({ rn: _rn, ...row }) => row as ContentRow));
    });
  });
  return out;
}

/** The counts of one round in one statement, as loadLists does for lists. */
async function loadCounts(db: DbOrTx, scope: LoadScope, counts: CountRequest[]): Promise<Map<CountRequest, number>> {
  const out = new Map<CountRequest, number>();
  await chunked(counts, async (chunk, base) => {
    const branch = (r: CountRequest, i: number) => db.select({ q: sql<number>`${base + i}::int`.as('q'), n: count() }).from(cmsContent).where(filtered(scope, r));
    const [a, b, ...rest] = chunk.map(branch);
    const rows = b ? await unionAll(a!, b, ...rest) : await a!;
    const byCount = new Map(rows.map((row) => [Number(row.q), Number(row.n)]));
    chunk.forEach((r, i) => out.set(r, byCount.get(base + i) ?? 0));
  });
  return out;
}
